import { activePromotions, reviewsInCategories } from "@showroom/fixtures";
import type { HomeView } from "../components/home/home-view";
import { countText } from "../components/i18n";
import { iconPath } from "./icons.server";
import { inlineSvg } from "./inline-svg.server";
import { bodyStyleSummary } from "./inventory.server";
import { pageSeo } from "./seo.server";
import { formatMoney } from "./shell.server";
import type { Site } from "./site.server";
import { tree } from "./translations.server";

/**
 * The home page of spec section 2, from `content/home.json`, the reviews, FAQs, promotions and the inventory. Each
 * body style's lowest price shows only to a visitor who unlocked prices: before that it is the Unlock Price gate's.
 */
export async function homeView(site: Site, request: Request, priceUnlocked: boolean): Promise<HomeView> {
  const { content, settings } = site;
  const { home } = content;
  const section = content.reviewSections[home.reviews.section];
  const reviews = reviewsInCategories(content.reviews, section.reviewsCategories).slice(0, settings.reviews.perSection);
  // The visitor's store, as the body style's link opens it, and the count says so (issue 28, ADR 338).
  const bodyStyles = await bodyStyleSummary(site.services.db, site.settings.vehicleConditions, site.store.id);
  const inventoryTexts = tree("inventory");
  const store = site.store.dealer.city;
  return {
    seo: pageSeo(site, request, "index"),
    hero: { ...home.hero, firstPictureSvg: await inlineSvg(home.hero.slides[0]?.image.src) },
    featureButtons: home.featureButtons.map((item) => ({ ...item, iconPath: iconPath(item.icon) })),
    departmentTabs: home.departmentTabs,
    specialFilters: {
      ...home.specialFilters,
      items: home.specialFilters.items.map((item) => ({ ...item, iconPath: iconPath(item.icon) })),
    },
    bodyStyles: {
      ...home.bodyStyles,
      items: bodyStyles.map((style) => ({
        slug: style.slug,
        name: style.name,
        image: content.bodyStyles.find((b) => b.id === style.slug)?.image ?? null,
        count: style.count,
        countLabel: countText(inventoryTexts, "search.countAtStore", style.count, { store }),
        startingPrice: !priceUnlocked || style.startingPrice === null ? null : formatMoney(style.startingPrice),
      })),
    },
    promotions: {
      ...home.promotions,
      items: activePromotions(content.promotions, new Date()).map((p) => ({
        id: p.id,
        title: p.title,
        description: p.description,
        img: p.img,
        imgAlt: p.imgAlt,
        url: p.url,
        category: p.additional.category,
        ctaText: p.additional.ctaText,
      })),
    },
    reviews: { section, items: reviews },
    faqs: { ...home.faqs, items: content.faqs[home.faqs.set] },
    warranty: home.warranty,
    financing: home.financing,
  };
}

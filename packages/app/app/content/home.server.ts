import { readFile } from "node:fs/promises";
import { activePromotions, reviewsInCategories } from "@showroom/fixtures";
import type { HomeView } from "../components/home/home-view";
import { mediaFilePath } from "./fixtures-root.server";
import { iconPath } from "./icons.server";
import { bodyStyleSummary } from "./inventory.server";
import { pageSeo } from "./seo.server";
import { formatMoney } from "./shell.server";
import type { Site } from "./site.server";

/** The home page of spec section 2, from `content/home.json`, the reviews, FAQs, promotions and the inventory. */
export async function homeView(site: Site, request: Request): Promise<HomeView> {
  const { content, settings } = site;
  const { home } = content;
  const section = content.reviewSections[home.reviews.section];
  const reviews = reviewsInCategories(content.reviews, section.reviewsCategories).slice(0, settings.reviews.perSection);
  const bodyStyles = await bodyStyleSummary(site.services.db);
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
        startingPrice: style.startingPrice === null ? null : formatMoney(style.startingPrice),
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

const inlined = new Map<string, string | null>();

// What an inline picture must not carry: scripts, event handlers, foreign HTML, references outside the document.
const UNSAFE_SVG =
  /<script|<style|\sstyle\s*=|<foreignObject|<iframe|<image|<use|<a\b|\son[a-z]+\s*=|javascript:|href\s*=|@import|url\((?!#)/i;

/**
 * An SVG document's markup for inlining in the page: without its XML prolog and its fixed size (the page sizes it),
 * hidden from assistive technology (the element around it carries the content's alt text). Null when it carries
 * anything but shapes, gradients and styles.
 */
export function svgForInlining(text: string): string | null {
  const svg = text.replace(/^[\s\S]*?(?=<svg\b)/, "").trim();
  if (!svg.startsWith("<svg") || !svg.endsWith("</svg>") || UNSAFE_SVG.test(svg)) return null;
  return svg.replace(
    /^<svg\b([^>]*)>/,
    (_, attributes: string) =>
      `<svg${attributes.replace(/\s(?:width|height|role|aria-[a-z]+)="[^"]*"/g, "")} aria-hidden="true">`,
  );
}

/** The inline markup of a local SVG picture (`/media/…`, read once), or null for any other picture. */
export async function inlineSvg(src: string | undefined): Promise<string | null> {
  if (!src?.endsWith(".svg")) return null;
  if (inlined.has(src)) return inlined.get(src) ?? null;
  const file = mediaFilePath(src);
  const text = file ? await readFile(file, "utf8").catch(() => null) : null;
  const markup = text === null ? null : svgForInlining(text);
  inlined.set(src, markup);
  return markup;
}

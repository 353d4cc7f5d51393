import type { Faq, HomeContent, Review, ReviewSection } from "@showroom/fixtures";
import type { Seo } from "../seo";

/** A promotion card of the home page. */
export interface PromotionCard {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly img: string;
  readonly imgAlt: string;
  readonly url: string;
  readonly category: string;
  readonly ctaText: string;
}

/** Everything the home page renders (built by `content/home.server`). */
export interface HomeView {
  readonly seo: Seo;
  readonly hero: HomeContent["hero"] & {
    /**
     * The first slide's picture as inline SVG markup, when it is a local SVG: the page's largest element then paints
     * with the document's first frame instead of waiting for a separate image document (docs/decisions/153).
     */
    readonly firstPictureSvg: string | null;
  };
  readonly featureButtons: readonly (HomeContent["featureButtons"][number] & { readonly iconPath: string })[];
  readonly departmentTabs: HomeContent["departmentTabs"];
  readonly specialFilters: Omit<HomeContent["specialFilters"], "items"> & {
    readonly items: readonly (HomeContent["specialFilters"]["items"][number] & { readonly iconPath: string })[];
  };
  readonly bodyStyles: HomeContent["bodyStyles"] & {
    readonly items: readonly {
      slug: string;
      name: string;
      image: string | null;
      count: number;
      /** "61 vehicles at Brentwood": the store the link opens (ADR 338). */
      countLabel: string;
      startingPrice: string | null;
    }[];
  };
  readonly promotions: HomeContent["promotions"] & { readonly items: readonly PromotionCard[] };
  readonly reviews: { readonly section: ReviewSection; readonly items: readonly Review[] };
  readonly faqs: HomeContent["faqs"] & { readonly items: readonly Faq[] };
  readonly warranty: HomeContent["warranty"];
  readonly financing: HomeContent["financing"];
}

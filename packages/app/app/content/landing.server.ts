import { reviewsInCategories } from "@showroom/fixtures";
import type { Site } from "./site.server";

/** A reviews block for a page (`home`, `financing`, `sellTrade`), with the spec's nine reviews of its categories. */
export function reviewsBlock(site: Site, section: "home" | "financing" | "sellTrade") {
  const config = site.content.reviewSections[section];
  return {
    section: config,
    items: reviewsInCategories(site.content.reviews, config.reviewsCategories).slice(
      0,
      site.settings.reviews.perSection,
    ),
  };
}

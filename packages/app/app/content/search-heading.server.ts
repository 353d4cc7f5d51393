import { type Condition, defaultInventoryRules, type SearchFilters } from "@showroom/rules/inventory";
import { formatMoney } from "../components/money";
import { hasText, t } from "./translations.server";

/** What a search page lists, in words: the subject of its title, h1, description and social title. */
export interface SearchHeading {
  /** "Used Toyota Camry", "Certified SUVs", "Used Cars Under $20,000", "Used Cars with a Price Drop". */
  readonly subject: string;
  /** The h1: "Used SUVs for Sale in Brentwood, MO". */
  readonly heading: string;
  /** ", Page 2" past the first page, so each indexable page of a list has its own title; "" on the first. */
  readonly pageSuffix: string;
}

export interface SearchHeadingInput {
  readonly filters: SearchFilters;
  /** Display names from the inventory for the path's make and model slugs ("Mercedes-Benz", "CR-V"). */
  readonly makeName?: string | undefined;
  readonly modelName?: string | undefined;
  /** The conditions the store sells: without new ones, a list without a condition is of used cars. */
  readonly conditions: readonly Condition[];
  readonly city: string;
  readonly state: string;
  /** A search at every store: the words for them ("both stores"), which the h1 names instead of the visitor's city. */
  readonly stores?: string | undefined;
  readonly page: number;
}

const camel = (slug: string) => slug.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function priceWords(filters: SearchFilters): string | null {
  const { priceMin: min, priceMax: max } = filters;
  if (min !== undefined && max !== undefined) {
    return t("inventory.search.headingPriceBetween", { min: formatMoney(min), max: formatMoney(max) });
  }
  if (max !== undefined) return t("inventory.search.headingPriceUnder", { amount: formatMoney(max) });
  if (min !== undefined) return t("inventory.search.headingPriceOver", { amount: formatMoney(min) });
  return null;
}

/**
 * The words of a search page from the filters in its path (the query's filters make a page that is not indexed, so
 * they do not name it): condition, make and model, body style, feature and price, in the order a shopper says them.
 * Two filter pages with different filters get different subjects.
 */
export function searchHeading(input: SearchHeadingInput): SearchHeading {
  const { filters } = input;
  const condition = filters.condition
    ? t(`inventory.conditions.${filters.condition}`)
    : input.conditions.includes("new")
      ? null
      : t("inventory.search.headingDefaultCondition");
  const style = filters.bodyStyle
    ? defaultInventoryRules.bodyStyles.find((b) => b.slug === filters.bodyStyle)
    : undefined;
  const styleKey = filters.bodyStyle ? `inventory.search.headingBodyStyles.${camel(filters.bodyStyle)}` : null;
  const noun = styleKey
    ? hasText(styleKey)
      ? t(styleKey)
      : (style?.name ?? filters.bodyStyle)
    : filters.model
      ? null
      : t(filters.make ? "inventory.search.headingVehicles" : "inventory.search.headingCars");
  const featureKey = filters.feature ? `inventory.search.headingFeatures.${camel(filters.feature)}` : null;
  const feature = featureKey
    ? hasText(featureKey)
      ? t(featureKey)
      : `with ${defaultInventoryRules.features.find((f) => f.slug === filters.feature)?.name ?? filters.feature}`
    : null;
  const subject = [
    condition,
    filters.make ? (input.makeName ?? filters.make) : null,
    filters.model ? (input.modelName ?? filters.model) : null,
    noun,
    feature,
    priceWords(filters),
  ]
    .filter((word): word is string => Boolean(word))
    .join(" ");
  const heading = input.stores
    ? t("inventory.search.headingAtStores", { subject, stores: input.stores })
    : t("inventory.search.heading", { subject, city: input.city, state: input.state });
  const pageSuffix = input.page > 1 ? `, ${t("inventory.search.headingPage", { page: input.page })}` : "";
  return { subject, heading, pageSuffix };
}

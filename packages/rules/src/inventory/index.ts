/**
 * The inventory URL grammar of spec sections 2, 3 and 9: search paths and queries, vehicle detail paths and VINs,
 * the old site's redirects, indexability and robots, sitemap entries, sorting and paging. Pure and browser-safe.
 * Decisions: docs/decisions/050–054.
 */

import type { SortOption } from "./inventory.schema";
import { defaultInventoryRules } from "./rules";

export {
  buildCatalogue,
  type Catalogue,
  type CatalogueConflict,
  type CatalogueMake,
  type CatalogueModel,
  catalogueConflicts,
  catalogueSchema,
  type MakeModel,
  makeModelSegment,
  resolveMakeModel,
} from "./catalogue";
export { isIndexable, ROBOTS_DIRECTIVES, robotsContent } from "./indexing";
export {
  type BodyStyle,
  CHANGE_FREQUENCIES,
  type ChangeFrequency,
  type Feature,
  FILTER_KINDS,
  type FilterKind,
  type InventoryRules,
  inventoryRulesSchema,
  SITEMAP_GROUPS,
  type SitemapGroup,
  type SortOption,
} from "./inventory.schema";
export { type LegacyRedirectOptions, legacyRedirect } from "./legacy-redirect";
export { nextPage, pageCount, pageExists, pageOffset, pageWindow } from "./pagination";
export { defaultInventoryRules, ITEMS_PER_PAGE, parseInventoryRules } from "./rules";
export { type SearchCriteria, searchCriteria, searchHref, splitSearchCriteria } from "./search-criteria";
export {
  CONDITIONS,
  type Condition,
  formatSearchPath,
  MAX_FILTER_SEGMENTS,
  parseSearchPath,
  pathCanHoldPrice,
  type SearchFilters,
  type SearchPathOptions,
  searchPrefix,
} from "./search-path";
export {
  type DroppedParam,
  formatSearchQuery,
  MAX_LIST_VALUES,
  MAX_PAGE,
  MAX_QUERY_TEXT,
  type NumberRange,
  type ParsedSearchQuery,
  parseSearchQuery,
  QUERY_PARAMS,
  type SearchQuery,
  searchSortOption,
} from "./search-query";
export { type SitemapEntry, type SitemapEntryOptions, sitemapEntry, sitemapGroupDefaults, sitemapXml } from "./sitemap";
export { isSlug, SLUG_PATTERN, slugify } from "./slug";
export {
  FALLBACK_VEHICLE_SLUG,
  formatVehiclePath,
  parseVehiclePath,
  type VehiclePathInput,
  type VehiclePathParts,
  vehiclePath,
  vehicleSlug,
} from "./vehicle-path";
export { isValidVin, normalizeVin, VIN_PATTERN, vinCheckDigit, vinCheckDigitOk } from "./vin";

/** The search sort options (newest, oldest, mileage, year, priceHigh, priceLow) with labels. */
export const searchSortOptions: readonly SortOption[] = defaultInventoryRules.sort.search.options;
/** The listing sort options (price, mileage, year) with labels. */
export const listingSortOptions: readonly SortOption[] = defaultInventoryRules.sort.listing.options;
/** The default search sort: priceLow. */
export const DEFAULT_SEARCH_SORT: string = defaultInventoryRules.sort.search.default;

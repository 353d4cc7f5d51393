/**
 * The inventory URL grammar of spec sections 2, 3 and 9: search paths and queries, vehicle detail paths and VINs,
 * the old site's redirects, indexability and robots, sitemap entries, sorting and paging. Pure and browser-safe.
 * Decisions: docs/decisions/050–054.
 */

import type { SortOption } from "./inventory.schema";
import { defaultInventoryRules } from "./rules";

export { InputError, type InputProblem, ShowroomRulesError, type ShowroomRulesErrorCode } from "../shared/errors";
export { formatRuleProblem, RuleFileError, type RuleProblem } from "../shared/rule-file";
export {
  buildCatalogue,
  type Catalogue,
  type CatalogueConflict,
  type CatalogueMake,
  type CatalogueModel,
  catalogueConflicts,
  type MakeModel,
  makeModelSegment,
  resolveMakeModel,
} from "./catalogue";
export { catalogueSchema } from "./catalogue.schema";
export { isIndexable, ROBOTS_DIRECTIVES, robotsContent } from "./indexing";
export {
  type BodyStyle,
  type Feature,
  type InventoryRules,
  inventoryRulesSchema,
  type SortOption,
} from "./inventory.schema";
export { type LegacyRedirectOptions, legacyRedirect } from "./legacy-redirect";
export { nextPage, pageCount, pageExists, pageOffset, pageWindow } from "./pagination";
export { parseInventoryRules } from "./parse-rules";
export { defaultInventoryRules, ITEMS_PER_PAGE } from "./rules";
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
  ALL_STORES,
  type DroppedParam,
  formatSearchQuery,
  MAX_LIST_VALUES,
  MAX_PAGE,
  MAX_QUERY_TEXT,
  MAX_SHOWN,
  type NumberRange,
  type ParsedSearchQuery,
  QUERY_PARAMS,
  type SearchQuery,
  searchSortOption,
} from "./search-query";
export { parseSearchQuery } from "./search-query-parse";
export {
  defaultSearchWords,
  drivetrainLabel,
  drivetrainSlug,
  MAX_SEARCH_TERMS,
  MIN_TYPO_LETTERS,
  mayForgiveTypo,
  nameWords,
  type SearchTerm,
  searchTerms,
  squeeze,
  withinOneEdit,
} from "./search-words";
export { type SearchWordMeaning, type SearchWords, searchWordsSchema } from "./search-words.schema";
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
export {
  CHANGE_FREQUENCIES,
  type ChangeFrequency,
  FILTER_KINDS,
  type FilterKind,
  SITEMAP_GROUPS,
  type SitemapGroup,
} from "./vocabulary";

/** The search sort options (newest, oldest, mileage, year, priceHigh, priceLow) with labels. */
export const searchSortOptions: readonly SortOption[] = defaultInventoryRules.sort.search.options;
/** The listing sort options (price, mileage, year) with labels. */
export const listingSortOptions: readonly SortOption[] = defaultInventoryRules.sort.listing.options;
/** The default search sort: priceLow. */
export const DEFAULT_SEARCH_SORT: string = defaultInventoryRules.sort.search.default;

import {
  ALL_STORES,
  CONDITIONS,
  defaultInventoryRules,
  type InventoryRules,
  MAX_LIST_VALUES,
  MAX_PAGE,
  MAX_QUERY_TEXT,
  type SearchCriteria,
  SLUG_PATTERN,
} from "@showroom/rules/inventory";
import { z } from "zod";

/** Criteria that no parser of the URL grammar produces: a programming error in the caller, never a shopper's. */
export class SearchCriteriaError extends Error {
  override name = "SearchCriteriaError";
}

const slug = z.string().regex(SLUG_PATTERN, "must be a slug");
// Path bounds (`price-under-N`) may be any safe integer, so the range only insists on whole, non-negative numbers;
// the SQL clamps them to the column's range.
const bound = z.number().int("must be a whole number").min(0).max(Number.MAX_SAFE_INTEGER);
const range = z
  .object({ min: bound.optional(), max: bound.optional() })
  .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, "minimum is above maximum");
const list = z.array(slug).max(MAX_LIST_VALUES);

function criteriaSchema(rules: InventoryRules) {
  const sorts = rules.sort.search.options.map((o) => o.value);
  return z
    .object({
      condition: z.enum(CONDITIONS).optional(),
      bodyStyle: slug.optional(),
      make: slug.optional(),
      model: slug.optional(),
      feature: slug.optional(),
      price: range.optional(),
      mileage: range.optional(),
      year: range.optional(),
      fuel: list,
      transmission: list,
      exteriorColor: list,
      // Criteria saved before drivetrain was a filter (ADR 337) lack it.
      drivetrain: list.default([]),
      q: z.string().max(MAX_QUERY_TEXT).optional(),
      sort: z.string().refine((s) => sorts.includes(s), `sort must be one of ${sorts.join(", ")}`),
      page: z.number().int().min(1).max(MAX_PAGE),
      // The scope rides with the criteria so every link of an all-stores page stays at every store (ADR 400); the
      // stores searched are the caller's `storeId`, not this.
      store: z.literal(ALL_STORES).optional(),
    })
    .refine((c) => c.model === undefined || c.make !== undefined, {
      message: "a model needs its make",
      path: ["model"],
    });
}

const defaultSchema = criteriaSchema(defaultInventoryRules);

/**
 * The criteria as the search reads them, checked again at the database's door: the route builds them with
 * `searchCriteria` of @showroom/rules, so a failure here means a bug, reported as a SearchCriteriaError.
 */
export function checkCriteria(input: unknown, rules: InventoryRules = defaultInventoryRules): SearchCriteria {
  const schema = rules === defaultInventoryRules ? defaultSchema : criteriaSchema(rules);
  const result = schema.safeParse(input);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join(".") || "criteria"}: ${i.message}`);
    throw new SearchCriteriaError(`Invalid search criteria (${issues.join("; ")})`);
  }
  const { data } = result;
  const criteria: SearchCriteria = {
    sort: data.sort,
    page: data.page,
    fuel: data.fuel,
    transmission: data.transmission,
    exteriorColor: data.exteriorColor,
    drivetrain: data.drivetrain,
  };
  if (data.store !== undefined) criteria.store = data.store;
  for (const key of ["condition", "bodyStyle", "make", "model", "feature", "q"] as const) {
    const value = data[key];
    if (value !== undefined && value !== "") Object.assign(criteria, { [key]: value });
  }
  for (const key of ["price", "mileage", "year"] as const) {
    const value = data[key];
    if (value && (value.min !== undefined || value.max !== undefined)) {
      criteria[key] = {
        ...(value.min === undefined ? {} : { min: value.min }),
        ...(value.max === undefined ? {} : { max: value.max }),
      };
    }
  }
  return criteria;
}

/** Transmission facet values as the URL carries them, and the column's A/M code (ADF's spelling). */
export const TRANSMISSION_VALUES = [
  { value: "automatic", code: "A", label: "Automatic" },
  { value: "manual", code: "M", label: "Manual" },
] as const;

/** Condition labels as the filters show them. */
export const CONDITION_LABELS: Readonly<Record<(typeof CONDITIONS)[number], string>> = {
  new: "New",
  used: "Used",
  certified: "Certified",
};

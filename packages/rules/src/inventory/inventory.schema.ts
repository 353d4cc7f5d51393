import { z } from "zod";
import { SLUG_PATTERN } from "./slug";

/** The path-segment kinds of a search path in the spec's words; their order in `filterPriority` is the canonical segment order. */
export const FILTER_KINDS = ["bodystyle", "make-model", "features", "price"] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

/** The sitemap groups of spec section 3. */
export const SITEMAP_GROUPS = ["pages", "filters", "vehicles", "offers", "articles", "team-members"] as const;
export type SitemapGroup = (typeof SITEMAP_GROUPS)[number];

/** The change frequencies the sitemap protocol allows. */
export const CHANGE_FREQUENCIES = ["always", "hourly", "daily", "weekly", "monthly", "yearly", "never"] as const;
export type ChangeFrequency = (typeof CHANGE_FREQUENCIES)[number];

/** Segments of this shape are price segments, so no body style or feature may look like one. */
export const PRICE_SEGMENT_PATTERN = /^price-(under|over)-(\d+)$/;

const slug = z.string().regex(SLUG_PATTERN, "must be a slug: lower-case letters and digits joined by single hyphens");
const name = z.string().trim().min(1, "must not be empty");

const namedSlug = z.strictObject({ slug, name });

const feature = z.strictObject({
  slug,
  name,
  /** The old site's `{filter}/{value}` form of this feature, e.g. `great_deals/price_drop`. */
  legacy: z
    .string()
    .regex(/^[a-z0-9_]+\/[a-z0-9_]+$/, "must be the old site's filter/value pair, e.g. great_deals/price_drop")
    .optional(),
});

const sortOption = z.strictObject({
  value: z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/, "must be a word of letters and digits"),
  label: name,
  /** What the vehicles are ordered by; the app maps it to a column. */
  field: z.enum(["price", "mileage", "year", "listedAt"]),
  direction: z.enum(["asc", "desc"]),
});

const sortSet = z
  .strictObject({ default: z.string(), options: z.array(sortOption).min(1, "needs at least one sort option") })
  .superRefine((set, ctx) => {
    const values = set.options.map((o) => o.value);
    values.forEach((value, i) => {
      if (values.indexOf(value) !== i)
        ctx.addIssue({ code: "custom", path: ["options", i, "value"], message: `duplicate sort value ${value}` });
    });
    if (!values.includes(set.default)) {
      ctx.addIssue({
        code: "custom",
        path: ["default"],
        message: `default sort ${set.default} is not one of the options`,
      });
    }
  });

const sitemapGroup = z.strictObject({
  priority: z.number().min(0, "priority is from 0 to 1").max(1, "priority is from 0 to 1"),
  changefreq: z.enum(CHANGE_FREQUENCIES),
});

/** The inventory rule file: the vocabulary of search paths, sorting, paging and sitemap defaults. */
export const inventoryRulesSchema = z
  .strictObject({
    $schema: z.string().optional(),
    bodyStyles: z.array(namedSlug).min(1, "needs at least one body style"),
    features: z.array(feature),
    filterPriority: z
      .array(z.enum(FILTER_KINDS))
      .length(FILTER_KINDS.length, `must list each of ${FILTER_KINDS.join(", ")} once`)
      .refine((kinds) => new Set(kinds).size === kinds.length, `must list each of ${FILTER_KINDS.join(", ")} once`),
    itemsPerPage: z
      .number()
      .int("must be a whole number")
      .min(1, "must be from 1 to 100")
      .max(100, "must be from 1 to 100"),
    sort: z.strictObject({ search: sortSet, listing: sortSet }),
    sitemapGroups: z.strictObject(
      Object.fromEntries(SITEMAP_GROUPS.map((group) => [group, sitemapGroup])) as Record<
        SitemapGroup,
        typeof sitemapGroup
      >,
    ),
  })
  .superRefine((rules, ctx) => {
    // Body styles and features share the segment namespace of a search path: a clash would make a path ambiguous.
    const seen = new Map<string, string>();
    const check = (list: "bodyStyles" | "features", entries: readonly { slug: string }[]) => {
      entries.forEach((entry, i) => {
        const path = [list, i, "slug"];
        if (PRICE_SEGMENT_PATTERN.test(entry.slug)) {
          ctx.addIssue({ code: "custom", path, message: `${entry.slug} looks like a price segment` });
        }
        const other = seen.get(entry.slug);
        if (other) ctx.addIssue({ code: "custom", path, message: `${entry.slug} is already used in ${other}` });
        seen.set(entry.slug, list);
      });
    };
    check("bodyStyles", rules.bodyStyles);
    check("features", rules.features);
  });

export type InventoryRules = z.infer<typeof inventoryRulesSchema>;
export type SortOption = z.infer<typeof sortOption>;
export type BodyStyle = z.infer<typeof namedSlug>;
export type Feature = z.infer<typeof feature>;

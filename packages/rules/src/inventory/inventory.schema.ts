import * as z from "zod/mini";
import { SLUG_PATTERN } from "./slug";
import {
  CHANGE_FREQUENCIES,
  FILTER_KINDS,
  PRICE_SEGMENT_PATTERN,
  SITEMAP_GROUPS,
  type SitemapGroup,
} from "./vocabulary";

// zod/mini, as on every browser subpath (ADR 213).
const describe = (text: string) => z.describe(text);

const slug = z
  .string()
  .check(
    z.regex(SLUG_PATTERN, "must be a slug: lower-case letters and digits joined by single hyphens"),
    describe("The word in URLs: lower-case letters and digits joined by single hyphens, like suvs or price-drop."),
  );
const name = z
  .string()
  .check(z.trim(), z.minLength(1, "must not be empty"), describe("The name shoppers read, like SUVs."));

const namedSlug = z.strictObject({ slug, name });

const feature = z.strictObject({
  slug,
  name,
  legacy: z.optional(
    z
      .string()
      .check(
        z.regex(/^[a-z0-9_]+\/[a-z0-9_]+$/, "must be the old site's filter/value pair, e.g. great_deals/price_drop"),
        describe("The old site's filter/value form of this feature, redirected here, like great_deals/price_drop."),
      ),
  ),
});

const sortOption = z.strictObject({
  value: z
    .string()
    .check(
      z.regex(/^[A-Za-z][A-Za-z0-9]*$/, "must be a word of letters and digits"),
      describe("The option's value in the query string, a word of letters and digits, like priceLow."),
    ),
  label: name.check(describe("The option's name in the sort menu, like Price: low to high.")),
  field: z
    .enum(["price", "mileage", "year", "listedAt"])
    .check(describe("What vehicles are ordered by: price, mileage, year or listedAt (the day listed).")),
  direction: z.enum(["asc", "desc"]).check(describe("asc: lowest first; desc: highest first.")),
});

const sortSet = z
  .strictObject({
    default: z.string().check(describe("The value of the option used when none is chosen, like priceLow.")),
    options: z
      .array(sortOption)
      .check(z.minLength(1, "needs at least one sort option"), describe("The options of the sort menu, in order.")),
  })
  .check(
    z.superRefine((set, ctx) => {
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
    }),
  );

const sitemapGroup = z.strictObject({
  priority: z
    .number()
    .check(
      z.minimum(0, "priority is from 0 to 1"),
      z.maximum(1, "priority is from 0 to 1"),
      describe("How important these pages are to search engines, from 0 to 1, like 0.9."),
    ),
  changefreq: z
    .enum(CHANGE_FREQUENCIES)
    .check(describe("How often these pages change: always, hourly, daily, weekly, monthly, yearly or never.")),
});

/** The inventory rule file: the vocabulary of search paths, sorting, paging and sitemap defaults. */
export const inventoryRulesSchema = z
  .strictObject({
    $schema: z.optional(
      z.string().check(describe("Where an editor finds this file's JSON Schema, for autocompletion and checks.")),
    ),
    bodyStyles: z
      .array(namedSlug)
      .check(
        z.minLength(1, "needs at least one body style"),
        describe("The body styles shoppers browse by, each a path segment, like /cars-for-sale/suvs."),
      ),
    features: z.array(feature).check(describe("Special filters, each a path segment, like /cars-for-sale/price-drop.")),
    filterPriority: z.array(z.enum(FILTER_KINDS)).check(
      z.length(FILTER_KINDS.length, `must list each of ${FILTER_KINDS.join(", ")} once`),
      z.refine((kinds) => new Set(kinds).size === kinds.length, `must list each of ${FILTER_KINDS.join(", ")} once`),
      describe("The order of filter segments in a search path: bodystyle, make-model, features and price, each once."),
    ),
    itemsPerPage: z
      .int("must be a whole number")
      .check(
        z.minimum(1, "must be from 1 to 100"),
        z.maximum(100, "must be from 1 to 100"),
        describe("Vehicles on one page of results, from 1 to 100, like 19."),
      ),
    sort: z
      .strictObject({
        search: sortSet.check(describe("The sort menu of the search page.")),
        listing: sortSet.check(describe("The sort menu of a listing.")),
      })
      .check(describe("The sort menus: each option's value, label, field and direction, and the default.")),
    sitemapGroups: z
      .strictObject(
        Object.fromEntries(
          SITEMAP_GROUPS.map((group) => [
            group,
            sitemapGroup.check(describe(`Sitemap defaults of the ${group} group.`)),
          ]),
        ) as Record<SitemapGroup, typeof sitemapGroup>,
      )
      .check(describe("Priority and change frequency of each sitemap group.")),
  })
  .check(
    z.superRefine((rules, ctx) => {
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
    }),
  );

export type InventoryRules = z.infer<typeof inventoryRulesSchema>;
export type SortOption = z.infer<typeof sortOption>;
export type BodyStyle = z.infer<typeof namedSlug>;
export type Feature = z.infer<typeof feature>;

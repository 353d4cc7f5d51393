import * as z from "zod/mini";
import { SLUG_PATTERN } from "./slug";

const describe = (text: string) => z.describe(text);

// A key is what a query word (or a run of words) squeezes to: lower-case letters and digits only.
const squeezed = z
  .string()
  .check(
    z.regex(/^[a-z0-9]{1,40}$/, "must be lower-case letters and digits only, like allwheeldrive"),
    describe(
      "A word as the search reads it: lower case, letters and digits only ('All-Wheel Drive' is allwheeldrive).",
    ),
  );
const slug = z
  .string()
  .check(z.regex(SLUG_PATTERN, "must be a slug"), describe("A filter value as the URL writes it, like awd or suvs."));
const slugs = (what: string) =>
  z.array(slug).check(z.minLength(1), z.maxLength(10), describe(`The ${what} this word means; any of them matches.`));

const meaningSchema = z
  .strictObject({
    drivetrain: z.optional(slugs("drivetrains (slugs of `drivetrains`)")),
    bodyStyle: z.optional(slugs("body styles (slugs of inventory.json's bodyStyles)")),
    fuel: z.optional(slugs("fuels (slugs of the feed's fuel type, like plug-in-hybrid)")),
    exteriorColor: z.optional(slugs("colours (a colour matches when it starts a word of the car's colour)")),
  })
  .check(
    z.refine(
      (m) => Object.values(m).some((v) => v !== undefined),
      "a search word must mean at least one drivetrain, body style, fuel or colour",
    ),
    describe("What a shopper means by the word."),
  );

const drivetrainSchema = z
  .strictObject({
    slug: slug.check(describe("The drivetrain's value in URLs (?drivetrain=awd).")),
    label: z
      .string()
      .check(z.minLength(1), z.maxLength(60), describe("The name in the filters, like All-wheel drive (AWD).")),
    feedSpellings: z
      .array(squeezed)
      .check(z.minLength(1), describe("How feeds spell it, squeezed: a feed's 'All-Wheel Drive' is allwheeldrive.")),
  })
  .check(describe("A drivetrain of the Drivetrain filter."));

/** The search words rule file (`search-words.json`, ADR 337). */
export const searchWordsSchema = z
  .strictObject({
    $schema: z.optional(
      z.string().check(describe("Where an editor finds this file's JSON Schema, for autocompletion and checks.")),
    ),
    drivetrains: z
      .array(drivetrainSchema)
      .check(z.minLength(1), describe("The drivetrains of the Drivetrain filter, in the filter's order.")),
    words: z
      .record(squeezed, meaningSchema)
      .check(
        describe(
          "What shoppers type, squeezed, and what it means. A query word or a run of up to four query words is squeezed the same way before it is looked up, so 'all wheel drive' and 'all-wheel drive' are both allwheeldrive.",
        ),
      ),
  })
  .check(
    z.refine((rules) => {
      const known = new Set(rules.drivetrains.map((d) => d.slug));
      return Object.values(rules.words).every((m) => (m.drivetrain ?? []).every((d) => known.has(d)));
    }, "every drivetrain a word means must be one of `drivetrains`"),
    z.refine((rules) => {
      const spellings = rules.drivetrains.flatMap((d) => d.feedSpellings);
      return new Set(spellings).size === spellings.length;
    }, "a feed spelling may name one drivetrain only"),
  );

export type SearchWords = z.infer<typeof searchWordsSchema>;
export type SearchWordMeaning = SearchWords["words"][string];

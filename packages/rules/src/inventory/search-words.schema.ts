import * as z from "zod/mini";
import { SLUG_PATTERN } from "./slug";

// A key is what a query word (or a run of words) squeezes to: lower-case letters and digits only.
const squeezed = z.string().check(z.regex(/^[a-z0-9]{1,40}$/, "must be lower-case letters and digits only"));
const slug = z.string().check(z.regex(SLUG_PATTERN, "must be a slug"));
const slugs = z.array(slug).check(z.minLength(1), z.maxLength(10));

const meaningSchema = z
  .strictObject({
    drivetrain: z.optional(slugs),
    bodyStyle: z.optional(slugs),
    fuel: z.optional(slugs),
    exteriorColor: z.optional(slugs),
  })
  .check(
    z.refine(
      (m) => Object.values(m).some((v) => v !== undefined),
      "a search word must mean at least one drivetrain, body style, fuel or colour",
    ),
  );

const drivetrainSchema = z.strictObject({
  slug,
  label: z.string().check(z.minLength(1), z.maxLength(60)),
  /** How feeds spell it, squeezed: a feed's "All-Wheel Drive" is `allwheeldrive`. */
  feedSpellings: z.array(squeezed).check(z.minLength(1)),
});

/** The search words rule file (`search-words.json`, ADR 337). */
export const searchWordsSchema = z
  .strictObject({
    $comment: z.optional(z.string()),
    drivetrains: z.array(drivetrainSchema).check(z.minLength(1)),
    words: z.record(squeezed, meaningSchema),
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

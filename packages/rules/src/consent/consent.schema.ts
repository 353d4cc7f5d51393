import * as z from "zod/mini";
import { COOKIE_CATEGORIES, DISPLAY_MODES } from "./categories";

// zod/mini, as on every browser subpath (ADR 213).
export const cookieCategorySchema = z.enum(COOKIE_CATEGORIES);
export const displayModeSchema = z.enum(DISPLAY_MODES);
export const consentTierSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

const ESSENTIAL_LOCKED = "Essential cookies cannot be disabled.";

/**
 * `rules/consent.json`: what Deny keeps and where the banner never shows. The tier and the background lock are site
 * settings (`cookies.tier`, `cookies.lockBackground`) passed in by the app.
 */
export const consentRulesSchema = z.strictObject({
  $schema: z.optional(
    z.string().check(z.describe("Where an editor finds this file's JSON Schema, for autocompletion and checks.")),
  ),
  denyKeeps: z.array(cookieCategorySchema).check(
    z.refine((categories) => categories.includes("essential"), { message: ESSENTIAL_LOCKED }),
    z.refine((categories) => new Set(categories).size === categories.length, {
      message: "Each category is listed once.",
    }),
    z.describe(
      "Categories kept when the visitor presses Deny (tier 3): essential always, like essential, functional, analytics.",
    ),
  ),
  bannerHiddenPaths: z
    .array(
      z.string().check(
        z.regex(/^(?:\/[a-z0-9-]+)+$/, {
          message: "A path is lower-case segments without a trailing slash, e.g. /legal.",
        }),
      ),
    )
    .check(z.describe("In show mode the banner stays hidden on these paths and every page under them, like /legal.")),
});

/** The parsed `rules/consent.json`. */
export type ConsentRules = z.infer<typeof consentRulesSchema>;

import {
  type BodyStyle,
  bodyStylesFileSchema,
  type Careers,
  careersSchema,
  type Dealer,
  type DealerGroup,
  dealerGroupSchema,
  dealerSchema,
  type FaqSets,
  faqSetsSchema,
  type HomeContent,
  homeSchema,
  type LocationsConfig,
  locationsConfigSchema,
  type Menus,
  type MetadataFile,
  menusSchema,
  metadataSchema,
  type PageSwitches,
  type Promotion,
  pagesSchema,
  promotionsSchema,
  type Review,
  type ReviewSections,
  resolveSiteSettings,
  reviewSectionsSchema,
  reviewsSchema,
  type SiteSettings,
  type StaffMember,
  siteSettingsFileSchema,
  staffSchema,
} from "@showroom/fixtures";
import careersJson from "@showroom/fixtures/content/careers.json" with { type: "json" };
import experimentsJson from "@showroom/fixtures/content/experiments.json" with { type: "json" };
import faqsJson from "@showroom/fixtures/content/faqs.json" with { type: "json" };
import homeJson from "@showroom/fixtures/content/home.json" with { type: "json" };
import menusJson from "@showroom/fixtures/content/menus.json" with { type: "json" };
import metadataJson from "@showroom/fixtures/content/metadata.json" with { type: "json" };
import pagesJson from "@showroom/fixtures/content/pages.json" with { type: "json" };
import popupsJson from "@showroom/fixtures/content/popups.json" with { type: "json" };
import promotionsJson from "@showroom/fixtures/content/promotions.json" with { type: "json" };
import reviewSectionsJson from "@showroom/fixtures/content/review-sections.json" with { type: "json" };
import reviewsJson from "@showroom/fixtures/content/reviews.json" with { type: "json" };
import siteSettingsJson from "@showroom/fixtures/content/site-settings.json" with { type: "json" };
import staffJson from "@showroom/fixtures/content/staff.json" with { type: "json" };
import groupJson from "@showroom/fixtures/dealers/group.json" with { type: "json" };
import locationsJson from "@showroom/fixtures/dealers/locations.json" with { type: "json" };
import brentwoodJson from "@showroom/fixtures/dealers/stores/brentwood.json" with { type: "json" };
import stPetersJson from "@showroom/fixtures/dealers/stores/st-peters.json" with { type: "json" };
import bodyStylesJson from "@showroom/fixtures/inventory/body-styles.json" with { type: "json" };
import type { z } from "zod";

/**
 * The site's content fixtures, bundled with the server and validated once with the fixtures' own schemas, so a bad
 * edit fails the first request with the file and JSON path instead of rendering a broken page.
 */
export interface SiteContent {
  readonly careers: Careers;
  readonly faqs: FaqSets;
  readonly home: HomeContent;
  readonly menus: Menus;
  readonly metadata: MetadataFile;
  readonly pages: PageSwitches;
  readonly promotions: readonly Promotion[];
  readonly reviews: readonly Review[];
  readonly reviewSections: ReviewSections;
  readonly staff: readonly StaffMember[];
  /** The nine body styles with their pictures (ADR 084). */
  readonly bodyStyles: readonly BodyStyle[];
  readonly group: DealerGroup;
  readonly locations: LocationsConfig;
  /** The fixture dealer profiles in the group's order: the stores until the database holds its own. */
  readonly dealers: readonly Dealer[];
  /** Settings of the production environment and of the base configuration (development and tests). */
  readonly settings: { readonly production: SiteSettings; readonly base: SiteSettings };
}

/** Thrown when a bundled fixture does not match its schema; the message names the file and every JSON path. */
export class ContentError extends Error {
  override name = "ContentError";
}

function parse<T>(schema: z.ZodType<T>, json: unknown, file: string): T {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  ${file}: $${issue.path.map((p) => `.${String(p)}`).join("")}: ${issue.message}`,
  );
  throw new ContentError(`Invalid fixture content:\n${lines.join("\n")}`);
}

const DEALER_FILES: Readonly<Record<string, unknown>> = { brentwood: brentwoodJson, "st-peters": stPetersJson };

function load(): SiteContent {
  const group = parse(dealerGroupSchema, groupJson, "dealers/group.json");
  const dealers = group.storeIds.map((id) => {
    const file = `dealers/stores/${id}.json`;
    if (!(id in DEALER_FILES)) throw new ContentError(`Invalid fixture content:\n  ${file}: the file is missing`);
    const dealer = parse(dealerSchema, DEALER_FILES[id], file);
    if (dealer.id !== id) throw new ContentError(`Invalid fixture content:\n  ${file}: $.id: must be "${id}"`);
    return dealer;
  });
  const settingsFile = parse(siteSettingsFileSchema, siteSettingsJson, "content/site-settings.json");
  return {
    careers: parse(careersSchema, careersJson, "content/careers.json"),
    faqs: parse(faqSetsSchema, faqsJson, "content/faqs.json"),
    home: parse(homeSchema, homeJson, "content/home.json"),
    menus: parse(menusSchema, menusJson, "content/menus.json"),
    metadata: parse(metadataSchema, metadataJson, "content/metadata.json"),
    pages: parse(pagesSchema, pagesJson, "content/pages.json"),
    promotions: parse(promotionsSchema, promotionsJson, "content/promotions.json"),
    reviews: parse(reviewsSchema, reviewsJson, "content/reviews.json"),
    reviewSections: parse(reviewSectionsSchema, reviewSectionsJson, "content/review-sections.json"),
    staff: parse(staffSchema, staffJson, "content/staff.json"),
    bodyStyles: parse(bodyStylesFileSchema, bodyStylesJson, "inventory/body-styles.json"),
    group,
    locations: parse(locationsConfigSchema, locationsJson, "dealers/locations.json"),
    dealers,
    settings: {
      production: resolveSiteSettings(settingsFile, "production"),
      base: resolveSiteSettings(settingsFile, "base"),
    },
  };
}

let cached: SiteContent | undefined;

/** Every content fixture, parsed once per process. */
export function siteContent(): SiteContent {
  cached ??= load();
  return cached;
}

/**
 * The experiments and popup files as written. Their readers (`server/experiments`) validate them with fallbacks of
 * their own: no experiments, and an invalid popup left out rather than the whole list (ADR 033).
 */
export const experimentsFixture: unknown = experimentsJson;
export const popupsFixture: unknown = popupsJson;

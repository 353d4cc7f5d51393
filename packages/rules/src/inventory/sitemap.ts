import type { InventoryRules } from "./inventory.schema";
import { defaultInventoryRules } from "./rules";
import type { ChangeFrequency, SitemapGroup } from "./vocabulary";

/** One `<url>` of a sitemap. */
export interface SitemapEntry {
  loc: string;
  /** W3C datetime. */
  lastmod?: string;
  changefreq: ChangeFrequency;
  priority: number;
}

export interface SitemapEntryOptions {
  readonly lastmod?: Date | string | null;
  readonly priority?: number;
  readonly changefreq?: ChangeFrequency;
}

/** The priority and change frequency of a sitemap group (pages 1; filters and vehicles 0.9, others 0.6; vehicles daily, others weekly). */
export function sitemapGroupDefaults(
  group: SitemapGroup,
  rules: InventoryRules = defaultInventoryRules,
): { priority: number; changefreq: ChangeFrequency } {
  return { ...rules.sitemapGroups[group] };
}

// The W3C datetime profile the sitemap protocol accepts: a date, or a date and time with a zone.
const W3C_DATETIME = /^\d{4}(?:-\d{2}(?:-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?)?)?$/;

function formatLastmod(lastmod: Date | string | null | undefined): string | undefined {
  if (lastmod instanceof Date) return Number.isNaN(lastmod.getTime()) ? undefined : lastmod.toISOString();
  return typeof lastmod === "string" && W3C_DATETIME.test(lastmod) ? lastmod : undefined;
}

/**
 * A sitemap entry for an absolute `loc` in a group, with the group's defaults unless overridden. A lastmod that is
 * not a valid date is left out rather than failing the whole sitemap for one bad row.
 */
export function sitemapEntry(
  group: SitemapGroup,
  loc: string,
  options: SitemapEntryOptions = {},
  rules: InventoryRules = defaultInventoryRules,
): SitemapEntry {
  const defaults = sitemapGroupDefaults(group, rules);
  const lastmod = formatLastmod(options.lastmod);
  return {
    loc,
    ...(lastmod === undefined ? {} : { lastmod }),
    changefreq: options.changefreq ?? defaults.changefreq,
    priority: options.priority ?? defaults.priority,
  };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);
}

// The protocol wants a plain decimal from 0.0 to 1.0; String() would write tiny numbers in exponent form.
function formatPriority(priority: number): string {
  const clamped = Number.isFinite(priority) ? Math.min(1, Math.max(0, priority)) : 0.5;
  return clamped.toFixed(2).replace(/0$/, "");
}

/** A sitemap `urlset` document (sitemaps.org 0.9) of the entries, every value XML-escaped. */
export function sitemapXml(entries: Iterable<SitemapEntry>): string {
  const urls: string[] = [];
  for (const entry of entries) {
    const lastmod = entry.lastmod === undefined ? "" : `<lastmod>${escapeXml(entry.lastmod)}</lastmod>`;
    urls.push(
      `<url><loc>${escapeXml(entry.loc)}</loc>${lastmod}<changefreq>${entry.changefreq}</changefreq><priority>${formatPriority(entry.priority)}</priority></url>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

// One Lighthouse run in its own process (forked by lighthouse.mjs): a fresh Chromium profile, the default mobile
// configuration (Moto G Power emulation, simulated slow 4G and 4x CPU), the four categories. Keeping Lighthouse's
// protocol handling and trace processing out of the bench process leaves the server's event loop to the server.
// Input: argv[2] = JSON { url, lighthouseEntry, chromeLauncherEntry, chromePath, chromeFlags, reportPath, settings }.
// Output: one IPC message { ok: true, summary } or { ok: false, error }.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  si: "speed-index",
};

/** What the report keeps of a Lighthouse result: scores, metric values and, per category, the audits that lost points. */
function summarize(lhr) {
  const categories = {};
  const losing = {};
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    categories[id] = category?.score == null ? null : Math.round(category.score * 100);
    losing[id] = (category?.auditRefs ?? [])
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(({ audit }) => audit && typeof audit.score === "number")
      .filter(({ audit }) => ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode))
      .filter(({ audit }) => audit.score < (id === "performance" ? 0.9 : 1))
      .sort((a, b) => b.ref.weight - a.ref.weight || a.audit.score - b.audit.score)
      .map(({ ref, audit }) => ({
        id: ref.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        displayValue: audit.displayValue ?? null,
        items: (Array.isArray(audit.details?.items) ? audit.details.items : [])
          .slice(0, 3)
          .map(
            (item) =>
              item?.node?.snippet ??
              // Console messages carry their text in `description`; list sections use it for prose.
              (item?.sourceLocation && typeof item.description === "string"
                ? `${item.description} ${item.sourceLocation.url ?? ""}`
                : null) ??
              item?.url ??
              item?.source?.url ??
              null,
          )
          .filter((item) => typeof item === "string"),
      }));
  }
  const metrics = {};
  for (const [key, auditId] of Object.entries(METRICS)) metrics[key] = lhr.audits[auditId]?.numericValue ?? null;
  return {
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment?.hostUserAgent ?? null,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
    runWarnings: lhr.runWarnings ?? [],
    runtimeError: lhr.runtimeError?.message ?? null,
    categories,
    metrics,
    losing,
  };
}

async function main() {
  const input = JSON.parse(process.argv[2]);
  const { default: lighthouse } = await import(pathToFileURL(input.lighthouseEntry).href);
  const chromeLauncher = await import(pathToFileURL(input.chromeLauncherEntry).href);
  const chrome = await chromeLauncher.launch({
    chromePath: input.chromePath,
    chromeFlags: input.chromeFlags,
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(input.url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      // Extra settings from the bench (`--tracking`: the consent cookie, Google's script blocked).
      ...(input.settings ?? {}),
    });
    if (!result) throw new Error("Lighthouse returned no result");
    if (input.reportPath) writeFileSync(input.reportPath, result.report);
    process.send({ ok: true, summary: summarize(result.lhr) });
  } finally {
    await chrome.kill();
  }
}

main().catch((error) => {
  process.send({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
});

#!/usr/bin/env node
// Writes docs/decisions/README.md: every ADR, by topic (its number's range), with its title. Run after adding an ADR:
// `node scripts/decisions-index.mjs`. packages/app/scripts/decisions-index.test.ts checks that the index is current.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL("../docs/decisions/", import.meta.url));

/** Topics by the first number of their range; an ADR belongs to the last topic starting at or below its number. */
const TOPICS = [
  [0, "Repository and tooling"],
  [10, "Sell/trade offers and the questionnaire (`@showroom/rules`)"],
  [20, "Financing, journeys and machines"],
  [30, "Consent, popups and tracking"],
  [40, "Leads and ADF"],
  [50, "Inventory URLs"],
  [60, "Forms (`@showroom/forms`)"],
  [70, "Fixtures and content"],
  [100, "Lead pipeline and mail"],
  [110, "Site shell and rendering"],
  [120, "Benchmarks"],
  [130, "Search"],
  [140, "Tests of the server"],
  [150, "Performance of pages"],
  [160, "Vehicle pages, the price stepper and test drives"],
  [190, "Personal data and financing"],
  [200, "The sell/trade journey"],
  [210, "The rules package for analysts and integrators"],
  [220, "The staff desk"],
  [230, "Forms, search pages, origin and shopper polish"],
  [240, "Marketing runtime"],
  [250, "Traffic, scale and deployment"],
  [260, "Shopper polish: search, pictures, price gate, saved vehicles"],
  [280, "Consent and tracking on the page"],
  [287, "Popups, experiments and new versions"],
  [293, "Traffic: uncached pages, big inventories and test time"],
  [303, "Safe to hand to a dealer: bounded input, uploads, roles, operations"],
  [315, "One HTTP boundary and a faster suite"],
];

export function decisionsIndex(files = readdirSync(dir)) {
  const adrs = files
    .filter((f) => /^\d{3}-.*\.md$/.test(f))
    .sort()
    .map((file) => ({
      file,
      number: Number(file.slice(0, 3)),
      title: readFileSync(join(dir, file), "utf8")
        .split("\n")[0]
        .replace(/^#\s*/, "")
        .replace(/^\d{3}\s+/, ""),
    }));
  const lines = [
    "# Decisions",
    "",
    "Short ADRs (context, decision, consequences), one per non-obvious choice. A decision that changes is superseded by a",
    "new ADR, never rewritten. Numbers are grouped by topic. After adding one, run `node scripts/decisions-index.mjs`;",
    "a test fails when this index is not current.",
    "",
  ];
  TOPICS.forEach(([from, name], i) => {
    const to = TOPICS[i + 1]?.[0] ?? 1000;
    const inTopic = adrs.filter((a) => a.number >= from && a.number < to);
    if (inTopic.length === 0) return;
    lines.push(`## ${name}`, "");
    for (const a of inTopic) lines.push(`- [${a.file.slice(0, 3)}](${a.file}) ${a.title}`);
    lines.push("");
  });
  return lines.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(join(dir, "README.md"), decisionsIndex());
  console.log(`Wrote ${join(dir, "README.md")}`);
}

import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { BUILT_IN_RULES_DIR } from "../bin/rule-dir";
import { evaluateOffer } from "./evaluate-offer";
import { defaultOfferRulesVersion, loadOfferRules, loadOfferRuleTexts, offerRulesVersion } from "./load-offer-rules";
import { defaultOfferRules } from "./offer-rules";

const dirs: string[] = [];
async function analystDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "showroom-offer-rules-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

// biome-ignore lint/suspicious/noExplicitAny: the tests edit rule files freely, as an analyst would
type EditableJson = any;
const builtIn = async (name: string): Promise<EditableJson> =>
  JSON.parse(await readFile(join(BUILT_IN_RULES_DIR, name), "utf8"));

/** The same JSON with keys in another order at every level (arrays keep theirs: order means something there). */
function shuffledKeys(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((v, i) => shuffledKeys(v, seed + i));
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value);
  const rotated = entries.map((_, i) => entries[(i + seed) % entries.length] as [string, unknown]);
  return Object.fromEntries(rotated.reverse().map(([k, v]) => [k, shuffledKeys(v, seed + 1)]));
}

const vehicleInput = {
  vehicle: { year: 2019, make: "Toyota", model: "RAV4", mileage: 48_000 },
  valuation: { roughWholesale: 15_000, adjustedWholesaleAvg: 16_500, adjustedRetailAvg: 19_400 },
  answers: { "100": "great" },
  asOf: "2026-11-26",
};

describe("loadOfferRules", () => {
  it("an empty directory gives the package defaults, with their version, and lists the three files as defaulted", async () => {
    const loaded = await loadOfferRules(await analystDir({}));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    expect(loaded.version).toBe(defaultOfferRulesVersion);
    expect(loaded.version).toMatch(/^[0-9a-f]{16}$/);
    expect(loaded.defaulted).toEqual(["questionnaire.json", "offer-outcomes.json", "offer-settings.json"]);
    expect(await evaluateOffer(vehicleInput, loaded.rules)).toEqual(await evaluateOffer(vehicleInput));
  });

  it("an analyst's settings file replaces the default one: the offer follows it and the version changes", async () => {
    const settings = await builtIn("offer-settings.json");
    settings.validForDays = 3;
    settings.cashNow.minimumPrice = 500;
    const loaded = await loadOfferRules(await analystDir({ "offer-settings.json": JSON.stringify(settings) }));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    expect(loaded.defaulted).toEqual(["questionnaire.json", "offer-outcomes.json"]);
    expect(loaded.version).not.toBe(defaultOfferRulesVersion);
    expect((await evaluateOffer(vehicleInput, loaded.rules)).validUntil).toBe("2026-11-29");
  });

  it("a directory with a bad file answers the check's problems (file, JSON path, message) and no rules", async () => {
    const outcomes = await builtIn("offer-outcomes.json");
    outcomes.rules[0].event.params.reason = "too-shiny";
    const loaded = await loadOfferRules(
      await analystDir({ "offer-outcomes.json": JSON.stringify(outcomes), "financing.json": "{" }),
    );
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.problems.map((p) => p.file).sort()).toEqual(["financing.json", "offer-outcomes.json"]);
    expect(loaded.problems.find((p) => p.file === "offer-outcomes.json")?.path).toBe("$.rules[0].event.params.reason");
  });

  it("a path that is not a directory is one problem naming it", async () => {
    const loaded = await loadOfferRules(join(tmpdir(), "no-such-showroom-rules-dir"));
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.problems[0]?.message).toContain("Not a directory");
  });

  it("property: the version ignores formatting, key order and $schema, and changes with any rule value", async () => {
    const settings = await builtIn("offer-settings.json");
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 50 }),
        fc.constantFrom(0, 2, 4),
        fc.integer({ min: 1, max: 90 }),
        async (seed, indent, days) => {
          const reordered = shuffledKeys({ ...settings, $schema: `x${seed}` }, seed);
          const same = await loadOfferRules(
            await analystDir({ "offer-settings.json": JSON.stringify(reordered, null, indent) }),
          );
          if (!same.ok) throw new Error(JSON.stringify(same.problems));
          expect(same.version).toBe(defaultOfferRulesVersion);
          const changed = await loadOfferRules(
            await analystDir({ "offer-settings.json": JSON.stringify({ ...settings, validForDays: days }) }),
          );
          if (!changed.ok) throw new Error(JSON.stringify(changed.problems));
          expect(changed.version === defaultOfferRulesVersion).toBe(days === settings.validForDays);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("rules given as texts (a published version) load as the same folder does, keeping exactly the offer files' texts", async () => {
    const settings = await builtIn("offer-settings.json");
    settings.validForDays = 4;
    const files = {
      "offer-settings.json": JSON.stringify(settings, null, 2),
      "financing.json": await readFile(join(BUILT_IN_RULES_DIR, "financing.json"), "utf8"),
    };
    const fromFolder = await loadOfferRules(await analystDir(files));
    const fromTexts = loadOfferRuleTexts(new Map(Object.entries(files)), "version 3");
    if (!fromFolder.ok || !fromTexts.ok) throw new Error("both load");
    expect(fromTexts.version).toBe(fromFolder.version);
    expect(fromTexts.rules).toEqual(fromFolder.rules);
    expect(fromTexts.dir).toBe("version 3");
    // financing.json is checked but is not an offer file: a published offer rule set does not keep it.
    expect([...fromTexts.texts]).toEqual([["offer-settings.json", files["offer-settings.json"]]]);
    expect(fromTexts.report.checked).toEqual(["offer-settings.json", "financing.json"]);
    expect(fromTexts.report.problems).toEqual([]);
  });

  it("texts with a mistake answer check's problems with line and column, and no rules", () => {
    const loaded = loadOfferRuleTexts(new Map([["offer-settings.json", '{\n  "validForDays": 0\n}\n']]), "upload");
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.problems.find((p) => p.path === "$.validForDays")).toMatchObject({ line: 2, column: 19 });
  });

  it("the default version is the version of the default rules", () => {
    expect(offerRulesVersion(defaultOfferRules)).toBe(defaultOfferRulesVersion);
  });
});

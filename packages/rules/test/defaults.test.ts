import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { defaultConsentRules } from "../src/consent";
import { defaultFinancingRules } from "../src/financing";
import { defaultInventoryRules } from "../src/inventory";
import { defaultLeadDestinations } from "../src/leads";
import { defaultOfferRules } from "../src/offer";
import { defaultQuestionnaire } from "../src/questionnaire";
import { allRuleFiles } from "../src/rule-files";
import { safeParse } from "../src/shared/rule-file";
import { defaultTestDriveRules } from "../src/test-drive";
import { defaultTrackingRules } from "../src/tracking";

// The default rules are imported as data, not parsed when a module loads (ADR 211): `npm run build` refuses to build
// when `showroom-rules check` finds a problem in rules/, and these tests hold each default to its schema, so the
// data the modules export is exactly what the schema would have returned.
describe("the default rules, validated at build time", () => {
  it("each default rule file parses to itself: the schema neither changes nor fills in anything", async () => {
    for (const file of allRuleFiles) {
      const json = JSON.parse(await readFile(new URL(`../rules/${file.name}`, import.meta.url), "utf8"));
      const parsed = safeParse(file.schema, json);
      expect(parsed.success, file.name).toBe(true);
      if (parsed.success) expect(parsed.data, file.name).toStrictEqual(json);
      expect(file.defaults, file.name).toStrictEqual(json);
    }
  });

  it("the defaults each subpath exports are the registered defaults", () => {
    const byName = new Map(allRuleFiles.map((f) => [f.name, f.defaults]));
    expect(defaultFinancingRules).toBe(byName.get("financing.json"));
    expect(defaultConsentRules).toBe(byName.get("consent.json"));
    expect(defaultInventoryRules).toBe(byName.get("inventory.json"));
    expect(defaultTrackingRules).toBe(byName.get("tracking.json"));
    expect(defaultTestDriveRules).toBe(byName.get("test-drive.json"));
    expect(defaultLeadDestinations).toBe(byName.get("lead-destinations.json"));
    expect(defaultQuestionnaire).toBe(byName.get("questionnaire.json"));
    expect(defaultOfferRules.questionnaire).toStrictEqual(defaultQuestionnaire);
  });

  it("npm run build checks the rule files before it builds", async () => {
    const manifest = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8"));
    expect(manifest.scripts.build).toMatch(/tsx src\/bin\/showroom-rules\.ts check && tsup$/);
  });
});

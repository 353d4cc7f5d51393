import { describe, expect, it } from "vitest";
import data from "../../rules/inventory.json" with { type: "json" };
import { RuleFileError } from "../shared/rule-file";
import { parseInventoryRules } from "./parse-rules";
import { ruleFiles } from "./rule-files";
import { defaultInventoryRules } from "./rules";

function problemsOf(json: unknown): string[] {
  try {
    parseInventoryRules(json);
    return [];
  } catch (error) {
    if (error instanceof RuleFileError) return error.problems.map((p) => `${p.path}: ${p.message}`);
    throw error;
  }
}

describe("inventory rules", () => {
  it("the shipped defaults validate and hold the spec's constants", () => {
    expect(problemsOf(data)).toStrictEqual([]);
    expect(defaultInventoryRules.bodyStyles.map((b) => b.name)).toStrictEqual([
      "SUVs",
      "Sedans",
      "Wagons",
      "Coupes",
      "Convertibles",
      "Hatchbacks",
      "Trucks",
      "Minivans",
      "Commercial",
    ]);
    expect(defaultInventoryRules.filterPriority).toStrictEqual(["bodystyle", "make-model", "features", "price"]);
    expect(defaultInventoryRules.itemsPerPage).toBe(19);
    expect(defaultInventoryRules.sort.search.default).toBe("priceLow");
    expect(defaultInventoryRules.sort.search.options.map((o) => o.value)).toStrictEqual([
      "newest",
      "oldest",
      "mileage",
      "year",
      "priceHigh",
      "priceLow",
    ]);
    expect(defaultInventoryRules.sort.listing.options.map((o) => o.value)).toStrictEqual(["price", "mileage", "year"]);
  });

  it("is registered as inventory.json with its schema and defaults", () => {
    expect(ruleFiles.map((f) => f.name)).toStrictEqual(["inventory.json", "search-words.json"]);
    expect(ruleFiles[0]?.defaults).toBe(defaultInventoryRules);
  });

  it("reports every fault with its JSON path", () => {
    const broken = {
      ...data,
      bodyStyles: [...data.bodyStyles, { slug: "price-drop", name: "Oops" }, { slug: "Vans", name: "Vans" }],
      features: [...data.features, { slug: "price-under-5", name: "Cheap" }],
      filterPriority: ["price", "price", "features", "bodystyle"],
      itemsPerPage: 0,
      sort: { ...data.sort, search: { ...data.sort.search, default: "cheapest" } },
    };
    expect(problemsOf(broken)).toStrictEqual([
      "$.bodyStyles[10].slug: must be a slug: lower-case letters and digits joined by single hyphens",
      "$.filterPriority: must list each of bodystyle, make-model, features, price once",
      "$.itemsPerPage: must be from 1 to 100",
      "$.sort.search.default: default sort cheapest is not one of the options",
      "$.features[0].slug: price-drop is already used in bodyStyles",
      "$.features[2].slug: price-under-5 looks like a price segment",
    ]);
  });
});

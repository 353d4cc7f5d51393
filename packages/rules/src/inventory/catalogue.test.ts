import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { catalogueArb, isReserved, reachable, sampleCatalogue } from "./arbitraries.test-support";
import { buildCatalogue, catalogueConflicts, makeModelSegment, resolveMakeModel } from "./catalogue";
import { catalogueSchema } from "./catalogue.schema";

describe("make-model resolution", () => {
  it("tells hyphenated makes and models apart", () => {
    expect(resolveMakeModel("mercedes-benz-c-class", sampleCatalogue)).toStrictEqual({
      make: "mercedes-benz",
      model: "c-class",
    });
    expect(resolveMakeModel("land-rover-range-rover", sampleCatalogue)).toStrictEqual({
      make: "land-rover",
      model: "range-rover",
    });
    expect(resolveMakeModel("land-rover-range-rover-sport", sampleCatalogue)).toStrictEqual({
      make: "land-rover",
      model: "range-rover-sport",
    });
    expect(resolveMakeModel("rolls-royce", sampleCatalogue)).toStrictEqual({ make: "rolls-royce" });
    expect(resolveMakeModel("land-rover-range", sampleCatalogue)).toBeUndefined();
    expect(resolveMakeModel("mercedes", sampleCatalogue)).toBeUndefined();
  });

  it("gives a segment that two entries spell alike to the longer make", () => {
    const catalogue = {
      makes: [
        { slug: "land", name: "Land", models: [{ slug: "rover-evoque", name: "Rover Evoque" }] },
        { slug: "land-rover", name: "Land Rover", models: [{ slug: "evoque", name: "Evoque" }] },
        { slug: "alfa", name: "Alfa", models: [{ slug: "romeo", name: "Romeo" }] },
        { slug: "alfa-romeo", name: "Alfa Romeo", models: [] },
      ],
    };
    expect(resolveMakeModel("land-rover-evoque", catalogue)).toStrictEqual({ make: "land-rover", model: "evoque" });
    expect(resolveMakeModel("alfa-romeo", catalogue)).toStrictEqual({ make: "alfa-romeo" });
    expect(catalogueConflicts(catalogue).map((c) => c.reason)).toStrictEqual([
      "land-rover-evoque is taken by make land-rover with model evoque",
      "alfa-romeo is taken by make alfa-romeo",
    ]);
  });

  it("the resolved entry of a segment always spells that segment", () => {
    fc.assert(
      fc.property(catalogueArb, (catalogue) => {
        for (const make of catalogue.makes) {
          for (const segment of [make.slug, ...make.models.map((m) => `${make.slug}-${m.slug}`)]) {
            const found = resolveMakeModel(segment, catalogue);
            if (found) expect(makeModelSegment(found.make, found.model)).toBe(segment);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a segment two entries spell alike always goes to the one with the longest make", () => {
    fc.assert(
      fc.property(catalogueArb, (catalogue) => {
        for (const make of catalogue.makes) {
          for (const model of [undefined, ...make.models.map((m) => m.slug)]) {
            const found = resolveMakeModel(makeModelSegment(make.slug, model), catalogue);
            expect(found, makeModelSegment(make.slug, model)).toBeDefined();
            expect(found?.make.length).toBeGreaterThanOrEqual(make.slug.length);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("catalogueConflicts lists exactly the entries no path can select (apart from repeated listings)", () => {
    fc.assert(
      fc.property(catalogueArb, (catalogue) => {
        const reachableKeys = new Set(reachable(catalogue).map((e) => `${e.make}|${e.model ?? ""}`));
        const conflicts = catalogueConflicts(catalogue).filter((c) => c.reason !== "is listed twice");
        const conflictKeys = new Set(conflicts.map((c) => `${c.make}|${c.model ?? ""}`));
        for (const make of catalogue.makes) {
          for (const entry of [{ make: make.slug }, ...make.models.map((m) => ({ make: make.slug, model: m.slug }))]) {
            const key = `${entry.make}|${"model" in entry ? entry.model : ""}`;
            expect(reachableKeys.has(key) || conflictKeys.has(key), key).toBe(true);
            expect(reachableKeys.has(key) && conflictKeys.has(key), key).toBe(false);
          }
        }
        for (const conflict of conflicts) {
          if (conflict.reason.includes("body style") || conflict.reason.includes("feature")) {
            expect(isReserved(conflict.segment)).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("reports slugs that are not canonical and entries that clash with reserved words", () => {
    const conflicts = catalogueConflicts({
      makes: [
        { slug: "Toyota", name: "Toyota", models: [] },
        { slug: "suvs", name: "SUVs Inc", models: [] },
        {
          slug: "price",
          name: "Price",
          models: [
            { slug: "under-5", name: "Under 5" },
            { slug: "drop", name: "Drop" },
          ],
        },
      ],
    });
    expect(conflicts.map((c) => c.reason)).toStrictEqual([
      "Toyota is not a canonical slug",
      "suvs is a body style",
      "price-under-5 is a price segment",
      "price-drop is a feature",
    ]);
  });
});

describe("buildCatalogue", () => {
  it("slugifies names, keeps the first spelling, sorts by slug and validates against the schema", () => {
    const catalogue = buildCatalogue([
      { make: "Mercedes-Benz", model: "C-Class" },
      { make: "Toyota", model: "Camry" },
      { make: "MERCEDES-BENZ", model: "GLE 350" },
      { make: "Toyota", model: "camry" },
      { make: "Citroën", model: "C4 Picasso" },
      { make: "???", model: "Nothing" },
    ]);
    expect(catalogue).toStrictEqual({
      makes: [
        { slug: "citroen", name: "Citroën", models: [{ slug: "c4-picasso", name: "C4 Picasso" }] },
        {
          slug: "mercedes-benz",
          name: "Mercedes-Benz",
          models: [
            { slug: "c-class", name: "C-Class" },
            { slug: "gle-350", name: "GLE 350" },
          ],
        },
        { slug: "toyota", name: "Toyota", models: [{ slug: "camry", name: "Camry" }] },
      ],
    });
    expect(catalogueSchema.safeParse(catalogue).success).toBe(true);
  });
});

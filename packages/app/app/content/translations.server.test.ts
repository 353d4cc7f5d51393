import { describe, expect, it } from "vitest";
import { ContentError } from "./fixtures.server";
import { pickTexts, t, tree } from "./translations.server";

describe("pickTexts", () => {
  it("keeps only the named subtrees and strings, each as the catalog has it", () => {
    const picked = pickTexts("inventory", ["card", "filters.count", "search.title"]);
    expect(Object.keys(picked).sort()).toEqual(["card", "filters", "search"]);
    expect(picked.card).toEqual(tree("inventory.card"));
    expect(picked.filters).toEqual({ count: (tree("inventory.filters") as { count: string }).count });
    expect(picked.search).toEqual({ title: t("inventory.search.title") });
  });

  it("never writes into the catalog when a path goes inside one already picked", () => {
    const before = structuredClone(tree("inventory.search"));
    const picked = pickTexts("inventory", ["search", "search.title"]);
    expect(picked.search).toEqual(before);
    expect(tree("inventory.search")).toEqual(before);
    expect(tree("inventory.search")).not.toBe(picked.search);
  });

  it("throws for a path the catalog does not hold", () => {
    expect(() => pickTexts("inventory", ["search.nope"])).toThrow(ContentError);
    expect(() => pickTexts("inventory", ["search.title.deeper"])).toThrow(ContentError);
  });
});

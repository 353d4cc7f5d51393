import { existsSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixturesRoot, mediaFilePath } from "./fixtures-root.server";

describe("fixture pictures", () => {
  it("a /media/{area}/… URL is the file under fixtures/{area}/media/", () => {
    const file = mediaFilePath("/media/content/hero/sell-or-trade.svg");
    expect(file).toBe(`${fixturesRoot()}/content/media/hero/sell-or-trade.svg`);
    expect(existsSync(file ?? "")).toBe(true);
  });

  it("no URL reaches a file outside a fixture media folder", () => {
    const segment = fc.oneof(fc.constantFrom("..", ".", "%2e%2e", "content", "media", "x.svg", "a.png"), fc.string());
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (parts) => {
        const file = mediaFilePath(`/media/${parts.join("/")}`);
        if (file === null) return;
        expect(file.startsWith(fixturesRoot())).toBe(true);
        expect(file.split("/").includes("..")).toBe(false);
        expect(file).toMatch(/\/media\/[\s\S]+\.(svg|png|jpg|jpeg|webp)$/);
      }),
      { numRuns: 300 },
    );
    expect(mediaFilePath("/media/content/../../package.json")).toBeNull();
    expect(mediaFilePath("/media/content/hero/x.js")).toBeNull();
  });
});

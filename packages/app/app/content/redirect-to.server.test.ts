import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redirectToSchema } from "./redirect-to.server";

describe("redirectTo", () => {
  it("whatever a form sends, the visitor is only ever sent to a path of this site", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.webUrl(), fc.constantFrom("//evil.example", "/\\evil.example", "javascript:alert(1)")),
        (value) => {
          const target = redirectToSchema.parse(value);
          expect(target.startsWith("/")).toBe(true);
          expect(target.startsWith("//")).toBe(false);
          expect(target).not.toMatch(/[\\\s]/);
          expect(new URL(target, "https://site.example").origin).toBe("https://site.example");
        },
      ),
      { numRuns: 300 },
    );
  });

  it("whatever path a form sends, the target is a valid Location header that stays on the site", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "binary" }).map((s) => `/${s}`),
          fc.constantFrom("/€", "/././/evil.example", "/a/../..//evil.example", "/%2F%2Fevil.example"),
        ),
        (value) => {
          const target = redirectToSchema.parse(value);
          expect(() => new Headers({ Location: target })).not.toThrow();
          expect(target.startsWith("//")).toBe(false);
          expect(new URL(target, "https://site.example").origin).toBe("https://site.example");
        },
      ),
      { numRuns: 500 },
    );
  });

  it("a path of the site with its query comes back unchanged", () => {
    expect(redirectToSchema.parse("/cars-for-sale/suvs?sort=year")).toBe("/cars-for-sale/suvs?sort=year");
    expect(redirectToSchema.parse(undefined)).toBe("/");
  });
});

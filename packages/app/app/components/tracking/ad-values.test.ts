import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readAdValues } from "./ad-values";

describe("ad values in the browser", () => {
  it("reads the kept parameters from the ad-values cookie, listed names only", () => {
    const cookies = `displayCookies=hide; adValues=${encodeURIComponent("utm_source=fb&utm_medium=cpc&evil=1")}; x=1`;
    expect(readAdValues(true, cookies)).toEqual({ utm_source: "fb", utm_medium: "cpc" });
    expect(readAdValues(true, "x=1")).toEqual({});
  });

  it("is empty without targeting, whatever the cookie holds, and never throws on a mangled cookie", () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (value, targeting) => {
        const read = readAdValues(targeting, `adValues=${value}`);
        if (!targeting) expect(read).toEqual({});
        else expect(typeof read).toBe("object");
      }),
    );
  });
});

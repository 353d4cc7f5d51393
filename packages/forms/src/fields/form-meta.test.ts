import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages";
import { formMeta, isHoneypotFilled } from "./form-meta";

describe("form meta (idempotency key and honeypot)", () => {
  it("accepts any UUID a browser mints, normalised to lower case", () => {
    fc.assert(
      fc.property(fc.uuid({ version: [1, 4, 7] }), fc.boolean(), (key, upper) => {
        const result = formMeta.parse({ idempotencyKey: upper ? key.toUpperCase() : key, website: "" });
        expect(result).toEqual({ idempotencyKey: key.toLowerCase(), website: undefined });
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    [undefined],
    [""],
    ["12345"],
    ["6f1c1a3e-4b8f-4d2a-9a51-2f0d3c8e7b1"],
    ["6f1c1a3e4b8f4d2a9a512f0d3c8e7b10"],
  ])("refuses the key %j", (idempotencyKey) => {
    const result = formMeta.safeParse({ idempotencyKey });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.idempotencyKey]);
  });

  it("refuses a filled honeypot, and tells the app so before it parses", () => {
    const payload = { idempotencyKey: crypto.randomUUID(), website: "http://spam.example" };
    expect(formMeta.safeParse(payload).error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.honeypot]);
    expect(isHoneypotFilled(payload)).toBe(true);
    const data = new FormData();
    data.set("website", "x");
    expect(isHoneypotFilled(data)).toBe(true);
    expect(isHoneypotFilled(new URLSearchParams("website=&name=Dana"))).toBe(false);
    expect(isHoneypotFilled({ website: "   " })).toBe(false);
    expect(isHoneypotFilled({})).toBe(false);
  });
});

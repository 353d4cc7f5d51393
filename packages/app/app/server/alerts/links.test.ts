import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALERT_TOKEN_PATTERN, alertToken, alertTokenHash } from "./links";

describe("alert link tokens", () => {
  it("a token is stable per subscription and key, fits the pattern, and differs for any other id or key", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), fc.uint8Array({ minLength: 32, maxLength: 32 }), (a, b, key) => {
        const k = Buffer.from(key);
        const token = alertToken(k, a);
        expect(token).toMatch(ALERT_TOKEN_PATTERN);
        expect(alertToken(k, a)).toBe(token);
        if (a !== b) expect(alertToken(k, b)).not.toBe(token);
        const other = Buffer.from(k);
        other[0] = (other[0] as number) ^ 1;
        expect(alertToken(other, a)).not.toBe(token);
      }),
    );
  });

  it("the stored hash is never the token itself", () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        const token = alertToken(Buffer.alloc(32, 7), id);
        expect(alertTokenHash(token).toString("base64url")).not.toBe(token);
        expect(alertTokenHash(token)).toHaveLength(32);
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bearerTokenMatches } from "./bearer-token";

const TOKEN = "d3b07384d113edec49eaa6238ad5ff00c86f9e6b5d7d1a3c";

describe("bearerTokenMatches", () => {
  it("accepts the token as a Bearer credential, whatever the scheme's case", () => {
    expect(bearerTokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerTokenMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
  });

  it("refuses no header, another scheme, an empty credential, and the token with a character more or less", () => {
    expect(bearerTokenMatches(undefined, TOKEN)).toBe(false);
    expect(bearerTokenMatches("", TOKEN)).toBe(false);
    expect(bearerTokenMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerTokenMatches("Bearer ", TOKEN)).toBe(false);
    expect(bearerTokenMatches(`Bearer ${TOKEN}0`, TOKEN)).toBe(false);
    expect(bearerTokenMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerTokenMatches(TOKEN, TOKEN)).toBe(false);
  });

  it("for any credential other than the token, the answer is no", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s !== TOKEN),
        (credential) => !bearerTokenMatches(`Bearer ${credential}`, TOKEN),
      ),
    );
  });
});

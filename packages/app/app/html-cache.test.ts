import { describe, expect, it } from "vitest";
import { htmlCacheWanted } from "./html-cache";

const matches = (...ids: string[]) => ids.map((id) => ({ route: { id } }));

describe("htmlCacheWanted", () => {
  const modules = {
    root: { handle: undefined },
    "layouts/default": { handle: { htmlCache: true } },
    "routes/home": { handle: { htmlCache: true } },
    "routes/contact-us": {},
    "routes/odd": { handle: { htmlCache: "yes" } },
  };

  it("is true only when the deepest matched route opted in with exactly `true` and no loader vetoed", () => {
    expect(htmlCacheWanted(matches("root", "layouts/default", "routes/home"), modules, { skip: false })).toBe(true);
    expect(htmlCacheWanted(matches("root", "layouts/default", "routes/home"), modules, { skip: true })).toBe(false);
    // A layout's opt-in does not cover the pages under it.
    expect(htmlCacheWanted(matches("root", "layouts/default", "routes/contact-us"), modules, { skip: false })).toBe(
      false,
    );
    expect(htmlCacheWanted(matches("root", "routes/odd"), modules, { skip: false })).toBe(false);
    expect(htmlCacheWanted([], modules, { skip: false })).toBe(false);
  });

  it("is false where no server gave the request a cache state", () => {
    expect(htmlCacheWanted(matches("root", "routes/home"), modules, null)).toBe(false);
    expect(htmlCacheWanted(matches("root", "routes/home"), modules, undefined)).toBe(false);
  });
});

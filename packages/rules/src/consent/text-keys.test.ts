import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONSENT_LANGUAGES, COOKIE_CATEGORIES } from "./categories";
import { resolveConsent } from "./consent";
import { buttonTextKey, CONSENT_TEXT_NAMESPACE, categoryTextKeys, consentTextKeys, languageTextKey } from "./text-keys";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? [[path, value] as [string, string]] : flatten(value, path);
  });
}

describe("cookie dialog text keys", () => {
  const keys: readonly string[] = consentTextKeys;

  it("cover every button any tier shows, and Save preferences", () => {
    const buttons = new Set([0, 1, 2, 3].flatMap((tier) => resolveConsent({ tier }).buttons));
    expect(buttons.size).toBe(4);
    for (const button of buttons) expect(keys).toContain(buttonTextKey(button));
    expect(keys).toContain(buttonTextKey("save-preferences"));
  });

  it("cover each category's title and description, and each dialog language", () => {
    for (const category of COOKIE_CATEGORIES) {
      const { title, description } = categoryTextKeys(category);
      expect(keys).toContain(title);
      expect(keys).toContain(description);
    }
    for (const language of CONSENT_LANGUAGES) expect(keys).toContain(languageTextKey(language));
    for (const key of ["banner.title", "banner.message", "banner.policyLink", "dialog.title", "dialog.close"]) {
      expect(keys).toContain(key);
    }
  });

  it("form a translation tree: unique, camelCase segments, no key inside another", () => {
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*)+$/);
    for (const key of keys) expect(keys.filter((other) => other.startsWith(`${key}.`))).toEqual([]);
  });

  it.each(CONSENT_LANGUAGES)("the %s cookie dialog file has exactly these keys, each with text", (language) => {
    const file = new URL(
      `../../../../fixtures/translations/${language}/${CONSENT_TEXT_NAMESPACE}.json`,
      import.meta.url,
    );
    const entries = flatten(JSON.parse(readFileSync(file, "utf8")) as Tree);
    expect(entries.map(([key]) => key).sort()).toEqual([...keys].sort());
    for (const [, text] of entries) expect(text.trim().length).toBeGreaterThan(0);
  });
});

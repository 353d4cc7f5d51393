import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { countText } from "../components/i18n";
import { siteContent } from "./fixtures.server";
import { formatMoney, menuView, SHELL_TEXTS, shellData, storeView } from "./shell.server";
import { testSite } from "./test-site";

describe("the shell", () => {
  it("fills {token} in menus with the selected store's name", () => {
    const footer = menuView(siteContent().menus.footerMain, "Confluence Motors St. Peters");
    expect(footer[0]?.children.map((c) => c.name)).toContain("Under $20K at Confluence Motors St. Peters");
    expect(JSON.stringify(footer)).not.toContain("{token}");
  });

  it("shows the selected store's sales phone, hours and address", () => {
    const view = storeView(testSite("st-peters").store);
    expect(view).toMatchObject({ name: "Confluence Motors St. Peters", salesPhone: "(636) 555-0163" });
    expect(view.salesHours).toBe("Mon–Fri 10 AM–7 PM · Sat 10 AM–5 PM · Sun Closed");
    expect(view.cityLine).toMatch(/^St\. Peters, MO \d{5}$/);
  });

  it("prints money the way the site does", () => {
    expect(formatMoney(358.03)).toBe("$358.03");
    expect(formatMoney(19999)).toBe("$19,999");
  });

  it("carries the spec's toast and loading-bar constants to the browser", () => {
    const { shell } = shellData(testSite(), new Request("https://site.example/"));
    expect(shell.toast).toEqual({ lifeMs: 5000, cleanupDelayMs: 200 });
    expect(shell.loadingBar).toEqual({
      throttleMs: 200,
      durationMs: 2000,
      hideDelayMs: 500,
      resetDelayMs: 400,
      color: "#22c55e",
    });
    expect(shell.documentFee).toBe("$358.03");
  });

  it("sends every shared string a component looks up, and only those", () => {
    // The app's sources, tests aside: each literal `ui("namespace.key")` and the root's `common("key")`.
    const app = join(import.meta.dirname, "..");
    const used = new Set<string>();
    for (const file of readdirSync(app, { recursive: true, encoding: "utf8" })) {
      if (!/\.tsx?$/.test(file) || file.includes(".test.")) continue;
      const source = readFileSync(join(app, file), "utf8");
      for (const m of source.matchAll(/\bui\(\s*["`]([A-Za-z][\w.]*)["`]/g)) used.add(m[1] as string);
      for (const m of source.matchAll(/\buiCount\(\s*["`]([A-Za-z][\w.]*)["`]/g)) used.add(m[1] as string);
      for (const m of source.matchAll(/\bcommon\(\s*["`]([A-Za-z][\w.]*)["`]/g)) used.add(`common.${m[1]}`);
      expect(source, `${file} looks up a shared string by a computed key`).not.toMatch(/\bui\(\s*(?!["`])[^)]/);
    }
    const sent = [
      ...SHELL_TEXTS.common.map((key) => `common.${key}`),
      ...SHELL_TEXTS.layout.map((key) => `layout.${key}`),
    ];
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((key) => !key.startsWith("errors.")).sort()).toEqual([...sent].sort());
    const { shell } = shellData(testSite(), new Request("https://site.example/"));
    for (const key of sent) {
      const [namespace, ...rest] = key.split(".") as ["common" | "layout", ...string[]];
      // A text or a text in plural forms (read for a count): either way not the bare key.
      expect(countText(shell.ui[namespace], rest.join("."), 2), key).not.toBe(rest.join("."));
    }
  });
});

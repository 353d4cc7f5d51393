import { describe, expect, it } from "vitest";
import { siteContent } from "./fixtures.server";
import { formatMoney, menuView, shellData, storeView } from "./shell.server";
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
});

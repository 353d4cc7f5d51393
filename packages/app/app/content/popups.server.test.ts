import { describe, expect, it } from "vitest";
import { cookieHeaderOf, setCookiePair } from "../cookies";
import { consentSetCookies } from "./consent.server";
import { popupsView } from "./popups.server";
import { readPopupIds, withPopupId } from "./side-buttons.server";
import { testSite } from "./test-site";

const ORIGIN = "https://www.confluencemotors.example";
const ALL = encodeURIComponent("essential,functional,analytics,targeting");
const NO_FUNCTIONAL = encodeURIComponent("essential,analytics,targeting");

function request(path: string, cookies: Record<string, string> = {}) {
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
  return new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
}

const VEHICLE = "/used-cars-for-sale/2016-toyota-yaris-l-JTDKTUK31GA050313";

describe("which popups a page gets, and which side buttons the server draws (ADR 335, 336)", () => {
  it("home draws the trade-in side button itself and loads no popup runtime", () => {
    const view = popupsView(testSite(), request("/"));
    expect(view?.sideButtons).toEqual(["trade-in-value"]);
    expect(view?.runtime).toBe(false);
    expect(view?.sideButtonSpace).toBe(true);
  });

  it("the listing without targeting consent needs no runtime: the paid-search popup cannot hold without ad values", () => {
    const without = popupsView(testSite(), request("/cars-for-sale"));
    expect(without?.popups.map((p) => p.id)).toEqual(["trade-in-value"]);
    expect(without?.runtime).toBe(false);
    const consented = popupsView(testSite(), request("/cars-for-sale", { displayCookies: "hide", allowCookies: ALL }));
    expect(consented?.popups.map((p) => p.id)).toEqual(["trade-in-value", "financing-promo-paid-search"]);
    expect(consented?.runtime).toBe(true);
    expect(consented?.sideButtons).toEqual(["trade-in-value"]);
  });

  it("a client-side navigation's data request gets the popups of the page it is for", () => {
    expect(popupsView(testSite(), request("/_.data"))?.sideButtons).toEqual(["trade-in-value"]);
    expect(popupsView(testSite(), request("/_.data"))?.page.path).toBe("/");
    expect(popupsView(testSite(), request("/cars-for-sale.data"))?.page).toMatchObject({ name: "cars-search-page" });
    expect(popupsView(testSite(), request("/contact-us.data"))).toBeNull();
  });

  it("every page's view names every popup of the visitor's list, so the runtime forgets the counts of none of them", () => {
    for (const path of ["/", "/cars-for-sale", VEHICLE]) {
      expect(popupsView(testSite(), request(path))?.live).toEqual([
        "unlock-price-capture",
        "trade-in-value",
        "financing-promo-paid-search",
      ]);
    }
  });

  it("a vehicle page keeps the runtime for the unlock-price popup, which counts the vehicles viewed", () => {
    const view = popupsView(testSite(), request(VEHICLE));
    expect(view?.runtime).toBe(true);
    expect(view?.sideButtons).toEqual(["trade-in-value"]);
  });

  it("a side button closed this visit is left out; with nothing else on the page, so is all popup code", () => {
    expect(popupsView(testSite(), request("/", { closedSideButtons: "trade-in-value" }))).toBeNull();
    const vehicle = popupsView(testSite(), request(VEHICLE, { closedSideButtons: "trade-in-value" }));
    expect(vehicle?.sideButtons).toEqual([]);
    expect(vehicle?.sideButtonSpace).toBe(false);
  });

  it("a finished side button is left out only while functional consent allows keeping it", () => {
    const finished = { finishedSideButtons: "trade-in-value", displayCookies: "hide" };
    expect(popupsView(testSite(), request("/", { ...finished, allowCookies: ALL }))).toBeNull();
    expect(popupsView(testSite(), request("/", { ...finished, allowCookies: NO_FUNCTIONAL }))?.sideButtons).toEqual([
      "trade-in-value",
    ]);
  });

  it("the side-button cookies keep valid ids only, each once, and never grow past twenty", () => {
    const read = (value: string) => readPopupIds(request("/", { closedSideButtons: value }), "closedSideButtons");
    expect(read("trade-in-value,trade-in-value,__proto__,%3Cscript%3E,,promo")).toEqual(["trade-in-value", "promo"]);
    const many = Array.from({ length: 30 }, (_, i) => `p${i}`).join(",");
    expect(read(many)).toHaveLength(20);
    let line = "";
    let req = request("/");
    for (let i = 0; i < 30; i += 1) {
      line = withPopupId(req, "closedSideButtons", `p${i}`);
      const value = line.split(";")[0]?.split("=")[1] ?? "";
      req = new Request(`${ORIGIN}/`, {
        headers: { cookie: cookieHeaderOf("closedSideButtons", decodeURIComponent(value)) },
      });
    }
    expect(readPopupIds(req, "closedSideButtons")).toHaveLength(20);
    expect(readPopupIds(req, "closedSideButtons").at(-1)).toBe("p29");
    expect(line).toMatch(/HttpOnly/);
    expect(line).not.toMatch(/Max-Age/);
  });

  it("withdrawing functional consent clears the finished side buttons kept under it; keeping it leaves them", () => {
    const names = (allowed: Parameters<typeof consentSetCookies>[0]["allowed"]) =>
      consentSetCookies({ display: "hide", allowed })
        .map(setCookiePair)
        .filter((pair) => pair.name === "finishedSideButtons");
    expect(names(["essential", "analytics"])).toEqual([{ name: "finishedSideButtons", value: "" }]);
    expect(names(["essential", "functional"])).toEqual([]);
  });
});

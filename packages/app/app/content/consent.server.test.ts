import { parseSetCookie } from "cookie";
import { describe, expect, it } from "vitest";
import { consentLanguageCookie, consentSetCookies, consentView } from "./consent.server";
import { siteContent } from "./fixtures.server";

const settings = siteContent().settings.production;
const request = (path: string, cookie = "") =>
  new Request(`https://site.example${path}`, { headers: cookie ? { Cookie: cookie } : {} });

describe("cookie banner state", () => {
  it("a new visitor sees the tier-3 banner everywhere but /legal pages", () => {
    expect(consentView(request("/"), settings)).toMatchObject({
      visible: true,
      buttons: ["customize", "deny", "accept-all"],
      allowed: ["essential"],
      language: "en",
    });
    expect(consentView(request("/legal/privacy-policy"), settings)?.visible).toBe(false);
    expect(consentView(request("/Legal/cookie-policy"), settings)?.visible).toBe(false);
  });

  it("a stored choice hides it, and the stored categories are what the dialog shows", () => {
    const [display, allowed] = consentSetCookies({ display: "hide", allowed: ["essential", "analytics"] });
    expect(parseSetCookie(display ?? "")).toEqual({
      name: "displayCookies",
      value: "hide",
      path: "/",
      maxAge: 31_536_000,
      secure: true,
      sameSite: "lax",
    });
    const cookie = [display, allowed].map((c) => c?.split(";")[0]).join("; ");
    expect(consentView(request("/", cookie), settings)).toMatchObject({
      visible: false,
      allowed: ["essential", "analytics"],
    });
  });

  it("the Spanish dialog falls back to English for nothing: every text it shows is Spanish", () => {
    const cookie = consentLanguageCookie("es").split(";")[0] ?? "";
    const view = consentView(request("/", cookie), settings);
    expect(view).toMatchObject({
      language: "es",
      texts: { banner: { title: "Usamos cookies" }, button: { acceptAll: "Aceptar todas" } },
    });
  });
});

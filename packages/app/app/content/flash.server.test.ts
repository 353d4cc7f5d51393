import { parseSetCookie } from "cookie";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { flashCookie, readFlash } from "./flash.server";

function withCookie(header: string, path = "/contact-us") {
  return new Request(`https://site.example${path}`, { headers: { Cookie: header.split(";")[0] ?? "" } });
}

describe("flash toasts", () => {
  it("a flash set by an action shows once on the next page, in the spec's words, and is then cleared", () => {
    const { toasts, clear } = readFlash(withCookie(flashCookie({ key: "contact.success" })));
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({
      severity: "success",
      summary: "Message sent!",
      detail: "We received your message. Someone from our team will contact you shortly.",
    });
    expect(parseSetCookie(clear ?? "")).toMatchObject({ name: "flash", value: "", path: "/", maxAge: 0 });
  });

  it("placeholders are filled and error keys are errors", () => {
    const store = readFlash(
      withCookie(flashCookie({ key: "store.changed", values: { store: "Confluence Motors St. Peters" } })),
    );
    expect(store.toasts[0]?.detail).toBe("You’re now shopping at Confluence Motors St. Peters.");
    const failed = readFlash(new Request("https://site.example/contact-us?toast=contact.error"));
    expect(failed.toasts[0]).toMatchObject({
      severity: "error",
      summary: "Something went wrong",
      id: "query-contact.error",
    });
    expect(failed.clear).toBeNull();
  });

  it("a tampered or unknown flash never throws and never shows text that is not a toast of the translations", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (cookie, query) => {
        const request = new Request(`https://site.example/?toast=${encodeURIComponent(query)}`, {
          headers: { Cookie: `flash=${encodeURIComponent(cookie)}` },
        });
        const { toasts } = readFlash(request);
        for (const toast of toasts) expect(toast.summary.length).toBeGreaterThan(0);
        expect(toasts.length).toBeLessThanOrEqual(2);
      }),
      { numRuns: 300 },
    );
    expect(readFlash(withCookie(flashCookie({ key: "no.such" }))).toasts).toEqual([]);
  });
});

import errors from "@showroom/fixtures/translations/en/errors.json" with { type: "json" };
import { describe, expect, it } from "vitest";
import { errorMeta, errorTitle, isNotFound } from "./error-page";

describe("error page head", () => {
  it("titles follow the spec's fallback: '404 - Page not found' and '500 - Internal server error'", () => {
    const notFound = { status: 404, statusText: "Not Found", internal: false, data: "Page not found: /x" };
    expect(errorTitle(notFound, errors)).toBe("404 - Page not found");
    expect(errorTitle(new Error("boom"), errors)).toBe("500 - Internal server error");
    expect(isNotFound(notFound)).toBe(true);
    expect(isNotFound(new Error("boom"))).toBe(false);
  });

  it("a 405 is titled 'Method not allowed', a 410 'Page no longer available', and no 4xx is an internal error", () => {
    const status = (code: number) => ({ status: code, statusText: "", internal: false, data: "" });
    expect(errorTitle(status(405), errors)).toBe("405 - Method not allowed");
    expect(errorTitle(status(410), errors)).toBe("410 - Page no longer available");
    for (let code = 400; code < 500; code++) expect(errorTitle(status(code), errors)).not.toMatch(/Internal/);
  });

  it("error pages are kept out of search results", () => {
    expect(errorMeta(new Error("boom"), errors)).toContainEqual({
      name: "robots",
      content: "noindex, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1",
    });
  });
});

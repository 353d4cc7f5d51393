import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { ignoredInCacheKey, requestKey } from "./page-handler";

function get(cookie: string): Request {
  const headers: Record<string, string> = { cookie, host: "site.example", "user-agent": "Mozilla/5.0" };
  return {
    method: "GET",
    path: "/",
    originalUrl: "/",
    protocol: "https",
    headers,
    get: (name: string) => headers[name.toLowerCase()],
  } as unknown as Request;
}

describe("the HTML cache key and the tracking cookies (ADR 281)", () => {
  it("leaves out the ad values, pending lead events and the tags' own cookies, which no page reads", () => {
    const consent = "displayCookies=hide; allowCookies=essential%2Ctargeting";
    const tracked = `${consent}; adValues=utm_source%3Dx; trackLead=Contact.1; _ga=GA1.1.1; _ga_ABC=GS1; _gcl_au=1.1; _fbp=fb.1.1.2; _fbc=fb.1.1.x`;
    expect(requestKey(get(tracked), "v1")).toBe(requestKey(get(consent), "v1"));
    for (const name of ["adValues", "trackLead", "_ga", "_ga_ABC", "_gid", "_gcl_au", "_fbp", "_fbc"]) {
      expect(ignoredInCacheKey(name), name).toBe(true);
    }
  });

  it("keeps every other cookie in the key: the consent choice changes the page", () => {
    const accepted = requestKey(get("displayCookies=hide; allowCookies=essential"), "v1");
    expect(accepted).not.toBe(requestKey(get(""), "v1"));
    for (const name of ["displayCookies", "allowCookies", "userSelectedStore", "_gadget", "fbp"]) {
      expect(ignoredInCacheKey(name), name).toBe(false);
    }
  });
});

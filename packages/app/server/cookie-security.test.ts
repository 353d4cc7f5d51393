import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cookieNotice, cookiesAreSecure, withoutSecure } from "./cookie-security";

describe("cookie security by public origin", () => {
  it("Secure unless the public origin is plain HTTP", () => {
    expect(cookiesAreSecure(undefined)).toBe(true);
    expect(cookiesAreSecure("https://cars.example")).toBe(true);
    expect(cookiesAreSecure("http://showroom.lan:3000")).toBe(false);
  });

  it("warns only for a plain-HTTP public origin", () => {
    expect(cookieNotice("https://cars.example")).toBeNull();
    expect(cookieNotice(undefined)).toBeNull();
    expect(cookieNotice("http://box.lan")).toMatch(/plain HTTP: cookies are sent without Secure/);
  });

  it("property: stripping removes exactly the Secure attribute and keeps every other attribute in order", () => {
    const attribute = fc.constantFrom("Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=60", "Secure", "secure", "SECURE");
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,10}$/),
        fc.array(attribute, { maxLength: 6 }),
        (name, attrs) => {
          const line = [`${name}=v`, ...attrs].join("; ");
          const stripped = withoutSecure(line);
          const expected = [`${name}=v`, ...attrs.filter((a) => a.toLowerCase() !== "secure")].join("; ");
          if (/^__(host|secure)-/i.test(name)) expect(stripped).toBe(line);
          else expect(stripped).toBe(expected);
        },
      ),
    );
  });

  it("never strips a __Host- or __Secure- cookie, which browsers refuse without Secure", () => {
    expect(withoutSecure("__Host-staff=a; Path=/; Secure; HttpOnly")).toBe("__Host-staff=a; Path=/; Secure; HttpOnly");
    expect(withoutSecure("consent=1; Path=/; Secure; SameSite=Lax")).toBe("consent=1; Path=/; SameSite=Lax");
  });
});

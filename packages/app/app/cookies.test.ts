import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseSetCookie } from "cookie";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COOKIE_POLICY,
  clearCookie,
  cookieHeaderOf,
  cookieHeaderWith,
  readCookie,
  readCookies,
  type SiteCookieName,
  setCookie,
  setCookiePair,
} from "./cookies";

const NAMES = Object.keys(COOKIE_POLICY) as SiteCookieName[];

describe("the site's cookie table", () => {
  it("every cookie is Secure, Path=/, host-only (no Domain) and SameSite; HttpOnly unless a script must read it", () => {
    for (const name of NAMES) {
      const written = parseSetCookie(setCookie(name, "v"));
      expect(written, name).toMatchObject({ name, value: "v", path: "/", secure: true });
      expect(written.domain, name).toBeUndefined();
      expect(["lax", "strict"], name).toContain(written.sameSite);
      const policy = COOKIE_POLICY[name] as { readByScripts: string | null };
      expect(Boolean(written.httpOnly), name).toBe(policy.readByScripts === null);
    }
  });

  it("a __Host- cookie stays Secure, Path=/ and host-only even where Secure is dropped (plain HTTP)", () => {
    const hostCookies = NAMES.filter((name) => name.startsWith("__Host-"));
    expect(hostCookies).toContain("__Host-showroom-staff");
    for (const name of hostCookies) {
      for (const line of [setCookie(name, "v", { secure: false }), clearCookie(name, { secure: false })]) {
        const written = parseSetCookie(line);
        expect(written, line).toMatchObject({ secure: true, path: "/" });
        expect(written.domain).toBeUndefined();
      }
    }
    expect(parseSetCookie(setCookie("flash", "v", { secure: false })).secure).toBeUndefined();
  });

  it("the staff session is Strict and a session cookie; the visitor id and the store are kept as the spec says", () => {
    expect(parseSetCookie(setCookie("__Host-showroom-staff", "t"))).toMatchObject({ sameSite: "strict" });
    expect(parseSetCookie(setCookie("__Host-showroom-staff", "t")).maxAge).toBeUndefined();
    expect(parseSetCookie(setCookie("adfLead", "1")).maxAge).toBeUndefined();
    expect(parseSetCookie(setCookie("userSelectedStore", "s"))).toMatchObject({ maxAge: 2_592_000, httpOnly: true });
    expect(parseSetCookie(setCookie("uniqueUserId", "u"))).toMatchObject({ sameSite: "lax", httpOnly: true });
  });

  it("clearing a cookie writes it empty with Max-Age=0 and the attributes it was written with", () => {
    for (const name of NAMES) {
      const { maxAge, value, ...cleared } = parseSetCookie(clearCookie(name));
      const { maxAge: _kept, value: _value, ...written } = parseSetCookie(setCookie(name, "v"));
      expect(maxAge).toBe(0);
      expect(value).toBe("");
      expect(cleared).toEqual(written);
    }
  });
});

describe("reading cookies", () => {
  it("any value written reads back the same from the Cookie header a browser sends", () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), fc.string(), (name, value) => {
        const line = setCookie(name, value);
        expect(setCookiePair(line)).toEqual({ name, value });
        const sent = parseSetCookie(line, { decode: (raw) => raw }).value;
        expect(readCookie(`a=1; ${name}=${sent}; b=2`, name)).toBe(value);
        expect(readCookie(cookieHeaderOf(name, value), name)).toBe(value);
      }),
    );
  });

  it("the first of a name sent twice wins, a value that does not decode is kept as sent, absent is null", () => {
    expect(readCookie("flash=first; flash=second", "flash")).toBe("first");
    expect(readCookie("adValues=%E0%A4%A", "adValues")).toBe("%E0%A4%A");
    expect(readCookie("adValues=utm_source%3Dx", "adValues")).toBe("utm_source=x");
    expect(readCookie("other=1", "flash")).toBeNull();
    expect(readCookie(null, "flash")).toBeNull();
    expect(readCookie(new Request("https://x/", { headers: { Cookie: " a = b ;c=d" } }), "a")).toBe("b");
    expect(readCookies("a=1; b=%20; a=2; junk; =x")).toEqual({ a: "1", b: " " });
    expect(Object.keys(readCookies("__proto__=x; constructor=y"))).toEqual(["__proto__", "constructor"]);
    expect(readCookie("constructor=y", "toString")).toBeNull();
  });

  it("never throws on any header and reads the same cookies whatever the spacing around pairs", () => {
    fc.assert(
      fc.property(fc.string(), (header) => {
        const cookies = readCookies(header);
        expect(readCookies(header.split(";").join(" ; "))).toEqual(cookies);
      }),
    );
  });

  it("replacing one cookie in a header keeps every other pair exactly as sent", () => {
    const header = "a=x%2Cy; uniqueUserId=old; b=%E0%A4%A; uniqueUserId=older; c=1";
    expect(cookieHeaderWith(header, "uniqueUserId", "new=value")).toBe(
      "a=x%2Cy; b=%E0%A4%A; c=1; uniqueUserId=new%3Dvalue",
    );
    expect(readCookies(cookieHeaderWith(undefined, "uniqueUserId", "v"))).toEqual({ uniqueUserId: "v" });
  });
});

const APP = fileURLToPath(new URL("..", import.meta.url));
const THIS_MODULE = join(APP, "app", "cookies.ts");

/**
 * What only app/cookies.ts may do: write a cookie's attributes by hand, assign document.cookie, split, search or hand
 * on a whole Cookie header.
 */
const HAND_MADE: { what: string; pattern: RegExp }[] = [
  {
    what: "a Set-Cookie attribute in a string",
    pattern: /["'`][^"'`\n]*;\s*(Path|Max-Age|Expires|Domain|HttpOnly|SameSite)\b/i,
  },
  { what: "document.cookie assigned", pattern: /\bdocument\.cookie\s*=[^=]/ },
  // The only other headers split on ";" are Content-Types (their parameters).
  { what: "a header split on ;", pattern: /\.split\(\s*["'`];\s*["'`]\s*\)/ },
  // A whole Cookie header handed to another parser (React Router's cookies parse with cookie-es, not ours).
  {
    what: "a Cookie header parsed elsewhere",
    pattern: /\.parse\(\s*[\w.?]*headers(\.get\(\s*["'`]cookie["'`]\s*\)|\.cookie\b)/i,
  },
  {
    what: "a Cookie header searched by hand",
    pattern: /\bcookie\w*\??\.(includes|indexOf|match|search|startsWith)\(/i,
  },
];

function handMadeCookies(text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, index) =>
      HAND_MADE.filter(
        ({ pattern, what }) => pattern.test(line) && !(what.endsWith(";") && /Content-Type/i.test(line)),
      ).map(({ what }) => `${index + 1}: ${what}: ${line.trim()}`),
    );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    const source = /\.tsx?$/.test(entry.name) && !/\.test(-support)?\.tsx?$/.test(entry.name);
    return source && path !== THIS_MODULE ? [path] : [];
  });
}

describe("one reader and one writer", () => {
  it("the scan finds each way cookies used to be made by hand", () => {
    expect(handMadeCookies("  return `flash=; Path=/; Max-Age=0; Secure; SameSite=Lax`;")).toHaveLength(1);
    expect(handMadeCookies("const tail = `; Path=/; Max-Age=31536000; SameSite=Lax`;")).toHaveLength(1);
    expect(handMadeCookies("  document.cookie = `displayCookies=hide`;")).toHaveLength(1);
    expect(handMadeCookies('  for (const part of header.split(";")) {')).toHaveLength(1);
    expect(handMadeCookies('const pair = identified.setCookie.split(";")[0] ?? "";')).toHaveLength(1);
    expect(handMadeCookies('const type = (request.headers.get("Content-Type") ?? "").split(";")[0];')).toEqual([]);
    expect(handMadeCookies("if (document.cookie === before) return;")).toEqual([]);
    expect(handMadeCookies('      const raw = await storeCookie.parse(request.headers.get("Cookie"));')).toHaveLength(
      1,
    );
    expect(handMadeCookies("  if (namedNow === null && cookieHeader?.includes(`uniqueUserId=`)) {")).toHaveLength(1);
    expect(handMadeCookies('  if (document.cookie.includes("displayCookies=")) return;')).toHaveLength(1);
    expect(handMadeCookies("      const raw = await storeCookie.parse(cookieHeaderOf(STORE_COOKIE, sent));")).toEqual(
      [],
    );
  });

  it("no source file of the app or its server builds a Set-Cookie line or splits a Cookie header itself", () => {
    const found = [join(APP, "app"), join(APP, "server")]
      .flatMap(sourceFiles)
      .flatMap((path) => handMadeCookies(readFileSync(path, "utf8")).map((hit) => `${relative(APP, path)}:${hit}`));
    expect(found).toEqual([]);
  });
});

import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  hashMetaUserData,
  META_USER_FIELDS,
  metaUserInputFromProfile,
  normalizeMetaField,
  normalizeMetaUserData,
  sha256Hex,
} from "./meta-user-data";

// Computed here with node:crypto, independently of the Web Crypto code under test.
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("Meta user data normalization (Meta's customer information parameters)", () => {
  it.each([
    ["em", "  Dana.Reyes@Example.COM ", "dana.reyes@example.com"],
    ["fn", "  Mary Ann ", "mary ann"],
    ["fn", "José", "josé"],
    ["ln", "O'Brien-Smith", "obriensmith"],
    ["ph", "(314) 555-0142", "13145550142"],
    ["ph", "+1 314.555.0142", "13145550142"],
    ["ph", "001 314 555 0142", "13145550142"],
    ["ph", "+44 844 412 4653", "448444124653"],
    ["ph", "555-0142", "5550142"],
    ["ph", "12345", ""],
    ["zp", "63101-1234", "63101"],
    ["zp", " 63 101 ", "63101"],
    ["zp", "631011234", "63101"],
    ["ct", "St. Louis", "stlouis"],
    ["ct", "O'Fallon", "ofallon"],
    ["ct", "Ste. Geneviève", "stegenevieve"],
    ["st", "Missouri", "mo"],
    ["st", " MO ", "mo"],
    ["st", "New York", "ny"],
    ["st", "il.", "il"],
    ["st", "Ontario", "ontario"],
    ["external_id", " 6F1C-Ab ", "6f1c-ab"],
  ] as const)("%s %j normalizes to %j", (field, raw, expected) => {
    expect(normalizeMetaField(field, raw)).toBe(expected);
  });

  it("normalization is idempotent for every field and any text", () => {
    fc.assert(
      fc.property(fc.constantFrom(...META_USER_FIELDS), fc.string({ unit: "binary", maxLength: 40 }), (field, raw) => {
        const once = normalizeMetaField(field, raw);
        expect(normalizeMetaField(field, once)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it("a normalized phone is only digits with a country code, 7 to 15 long, or nothing", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789 ()-+.x"), maxLength: 24 }), (raw) => {
        const phone = normalizeMetaField("ph", raw);
        if (phone !== "") expect(phone).toMatch(/^[1-9]\d{6,14}$/);
        if (raw.replace(/\D/g, "").replace(/^0+/, "").length === 10) expect(phone).toMatch(/^1\d{10}$/);
      }),
      { numRuns: 300 },
    );
  });

  it("fields that are missing, not text or empty after normalization are left out", () => {
    const hostile = { em: "  ", fn: 42, ph: "12", zp: null, ct: "St. Louis" } as unknown as Parameters<
      typeof normalizeMetaUserData
    >[0];
    expect(normalizeMetaUserData(hostile)).toEqual({ ct: "stlouis" });
    expect(normalizeMetaUserData("nope" as never)).toEqual({});
  });

  it("maps the visitor profile's home address to city, state and zip", () => {
    const input = metaUserInputFromProfile({
      email: "dana@example.com",
      firstName: "Dana",
      lastName: "Reyes",
      phone: "(314) 555-0142",
      homeAddress: { city: "Kirkwood", state: "MO", zipCode: "63122" },
      uniqueUserId: "u-1",
    });
    expect(normalizeMetaUserData(input)).toEqual({
      em: "dana@example.com",
      fn: "dana",
      ln: "reyes",
      ph: "13145550142",
      ct: "kirkwood",
      st: "mo",
      zp: "63122",
      external_id: "u-1",
    });
  });
});

describe("Meta user data hashing (SHA-256 through Web Crypto)", () => {
  it("matches SHA-256 vectors computed independently with node:crypto", async () => {
    const hashed = await hashMetaUserData({
      em: " Dana.Reyes@Example.COM",
      fn: "Dana",
      ln: "Reyes",
      ph: "+1 (314) 555-0142",
      zp: "63101-1234",
      ct: "St. Louis",
      st: "Missouri",
      external_id: "A1B2",
    });
    expect(hashed).toEqual({
      em: sha256("dana.reyes@example.com"),
      fn: sha256("dana"),
      ln: sha256("reyes"),
      ph: sha256("13145550142"),
      zp: sha256("63101"),
      ct: sha256("stlouis"),
      st: sha256("mo"),
      external_id: sha256("a1b2"),
    });
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("a state named like an Object property is text like any other", async () => {
    for (const raw of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(normalizeMetaField("st", raw)).toBe(raw.toLowerCase().replace(/_/g, ""));
      expect((await hashMetaUserData({ st: raw })).st).toBe(sha256(raw.toLowerCase().replace(/_/g, "")));
    }
  });

  it("hashing is deterministic and equals SHA-256 of the normalized value", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...META_USER_FIELDS),
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }),
        async (field, raw) => {
          const first = await hashMetaUserData({ [field]: raw });
          const second = await hashMetaUserData({ [field]: raw });
          expect(second).toEqual(first);
          const normalized = normalizeMetaField(field, raw);
          expect(first[field]).toBe(normalized === "" ? undefined : sha256(normalized));
        },
      ),
      { numRuns: 300 },
    );
  });
});

import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  keyring,
  masterKey,
  open,
  openJson,
  rewrap,
  type SealedRecord,
  seal,
  sealJson,
  TamperedRecordError,
  UnknownKeyError,
} from "./envelope.server";

const newKey = () => masterKey(randomBytes(32));
const bytes = fc.uint8Array({ maxLength: 2048 });
const aad = fc.string({ minLength: 1, maxLength: 60 });

/** The record with one bit of one of its stored parts flipped. */
function flipped(record: SealedRecord, part: "wrappedKey" | "sealed", at: number, bit: number): SealedRecord {
  const copy = Buffer.from(record[part]);
  const i = at % copy.length;
  copy[i] = (copy[i] ?? 0) ^ (1 << bit);
  return { ...record, [part]: copy };
}

describe("envelope encryption", () => {
  it("any data sealed for a record opens to the same bytes, and the ciphertext never holds the plaintext", () => {
    const ring = keyring(newKey());
    fc.assert(
      fc.property(bytes, aad, (data, name) => {
        const record = seal(ring, data, name);
        expect(Buffer.from(open(ring, record, name)).equals(Buffer.from(data))).toBe(true);
        if (data.length >= 8) expect(Buffer.from(record.sealed).includes(Buffer.from(data))).toBe(false);
      }),
    );
  });

  it("two seals of the same data differ (a fresh data key and IV each time)", () => {
    const ring = keyring(newKey());
    const a = sealJson(ring, { ssn: "123-45-6789" }, "r:1");
    const b = sealJson(ring, { ssn: "123-45-6789" }, "r:1");
    expect(Buffer.from(a.sealed).equals(Buffer.from(b.sealed))).toBe(false);
    expect(Buffer.from(a.wrappedKey).equals(Buffer.from(b.wrappedKey))).toBe(false);
  });

  it("a flipped bit anywhere in the sealed data or the wrapped key is detected, never opened", () => {
    const ring = keyring(newKey());
    fc.assert(
      fc.property(
        bytes,
        fc.constantFrom("wrappedKey" as const, "sealed" as const),
        fc.nat(),
        fc.integer({ min: 0, max: 7 }),
        (data, part, at, bit) => {
          const record = seal(ring, data, "finance_applications:x");
          expect(() => open(ring, flipped(record, part, at, bit), "finance_applications:x")).toThrow(
            TamperedRecordError,
          );
        },
      ),
    );
  });

  it("a sealed record moved to another row does not open there", () => {
    const ring = keyring(newKey());
    fc.assert(
      fc.property(bytes, aad, aad, (data, here, there) => {
        fc.pre(here !== there);
        expect(() => open(ring, seal(ring, data, here), there)).toThrow(TamperedRecordError);
      }),
    );
  });

  it("a record under a key the keyring lacks fails with UnknownKeyError naming the key, not with garbage", () => {
    const old = newKey();
    const record = sealJson(keyring(old), { income: 4200 }, "r:1");
    expect(() => openJson(keyring(newKey()), record, "r:1")).toThrow(UnknownKeyError);
    expect(() => openJson(keyring(newKey()), record, "r:1")).toThrow(old.id);
  });

  it("after any sequence of rotations, every record re-wrapped at each step still opens, with only the newest key", () => {
    fc.assert(
      fc.property(
        fc.array(bytes, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 4 }),
        (datas, rotations) => {
          let current = newKey();
          let records = datas.map((d, i) => seal(keyring(current), d, `r:${i}`));
          for (let r = 0; r < rotations; r++) {
            const next = newKey();
            const ring = keyring(next, [current]);
            records = records.map((record, i) => rewrap(ring, record, `r:${i}`));
            expect(records.every((record) => record.keyId === next.id)).toBe(true);
            current = next;
          }
          const onlyNewest = keyring(current);
          records.forEach((record, i) => {
            expect(Buffer.from(open(onlyNewest, record, `r:${i}`)).equals(Buffer.from(datas[i] ?? []))).toBe(true);
          });
        },
      ),
      { numRuns: 50 },
    );
  });

  it("key ids are fingerprints: stable for a key, different between keys, and never the key itself", () => {
    const raw = randomBytes(32);
    expect(masterKey(raw).id).toBe(masterKey(Buffer.from(raw)).id);
    expect(masterKey(raw).id).not.toBe(newKey().id);
    expect(masterKey(raw).id).toMatch(/^[0-9a-f]{16}$/);
    expect(raw.toString("hex")).not.toContain(masterKey(raw).id);
    expect(() => masterKey(randomBytes(16))).toThrow(RangeError);
  });
});

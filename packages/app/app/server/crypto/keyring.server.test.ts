import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { masterKey, openJson, sealJson } from "./envelope.server";
import { generateStoredKey, loadKeyring } from "./keyring.server";

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "showroom-keys-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the keyring", () => {
  it("without DATA_KEY, generates one key into DATA_DIR/keys (0700, files 0600) and finds the same one again", () => {
    const DATA_DIR = dataDir();
    const first = loadKeyring({ DATA_DIR });
    const again = loadKeyring({ DATA_DIR });
    expect(again.current.id).toBe(first.current.id);
    const keys = join(DATA_DIR, "keys");
    expect(statSync(keys).mode & 0o777).toBe(0o700);
    for (const name of readdirSync(keys)) expect(statSync(join(keys, name)).mode & 0o777).toBe(0o600);
  });

  it("a generated rotation key becomes current and the previous one stays readable", () => {
    const DATA_DIR = dataDir();
    const before = loadKeyring({ DATA_DIR });
    const record = sealJson(before, { dateOfBirth: "1990-06-15" }, "r:1");
    const next = generateStoredKey({ DATA_DIR });
    const after = loadKeyring({ DATA_DIR });
    expect(after.current.id).toBe(next.id);
    expect(openJson(after, record, "r:1")).toEqual({ dateOfBirth: "1990-06-15" });
  });

  it("DATA_KEY is current; DATA_KEYS_PREVIOUS and keys left in the data directory stay readable", () => {
    const DATA_DIR = dataDir();
    const generated = loadKeyring({ DATA_DIR });
    const old = randomBytes(32).toString("base64");
    const current = randomBytes(32).toString("base64");
    const ring = loadKeyring({ DATA_DIR, DATA_KEY: current, DATA_KEYS_PREVIOUS: [old] });
    expect(ring.current.id).toBe(masterKey(Buffer.from(current, "base64")).id);
    expect(ring.get(masterKey(Buffer.from(old, "base64")).id)).toBeDefined();
    expect(ring.get(generated.current.id)).toBeDefined();
  });

  it("a database in memory gets a key in memory and writes nothing", () => {
    const DATA_DIR = join(dataDir(), "never-made");
    loadKeyring({ DATA_DIR, DATABASE_URL: "memory://" });
    expect(() => statSync(DATA_DIR)).toThrow();
  });
});

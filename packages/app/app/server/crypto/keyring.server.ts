import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config.server";
import { type Keyring, keyring, type MasterKey, masterKey } from "./envelope.server";

/**
 * Where the master keys come from (ADR 190). `DATA_KEY` (base64, 32 bytes) is the current key when set, required
 * when several instances share one PostgreSQL; `DATA_KEYS_PREVIOUS` lists older keys still readable during a
 * rotation. Unset, keys are generated into `DATA_DIR/keys/` (directory 0700, files 0600) so `npm start` works out of
 * the box; `keys/current` names the current one. Keys found there stay readable after switching to `DATA_KEY`.
 */

const KEY_FILE = /^([0-9a-f]{16})\.key$/;

function keysDir(config: Pick<Config, "DATA_DIR">): string {
  return join(config.DATA_DIR, "keys");
}

/** Decodes a base64 master key; the config schema has already checked its length. */
export function decodeKey(base64: string): MasterKey {
  return masterKey(Buffer.from(base64.trim(), "base64"));
}

function writePrivate(path: string, content: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, content, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, path);
}

function storedKeys(dir: string): MasterKey[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return names.flatMap((name) => {
    const match = KEY_FILE.exec(name);
    if (!match) return [];
    const key = decodeKey(readFileSync(join(dir, name), "utf8"));
    if (key.id !== match[1]) throw new Error(`The key file ${join(dir, name)} does not hold the key its name says.`);
    return [key];
  });
}

function storedCurrentId(dir: string): string | null {
  try {
    return readFileSync(join(dir, "current"), "utf8").trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Generates a master key into the data directory and makes it current. */
export function generateStoredKey(config: Pick<Config, "DATA_DIR">): MasterKey {
  const dir = keysDir(config);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const key = masterKey(randomBytes(32));
  writePrivate(join(dir, `${key.id}.key`), key.key.toString("base64"));
  writePrivate(join(dir, "current"), key.id);
  return key;
}

/**
 * The keyring of this configuration; generates the first key into the data directory when there is none. A database
 * in memory keeps nothing past the process, so its key is made in memory too and nothing is written.
 */
export function loadKeyring(
  config: Pick<Config, "DATA_DIR" | "DATA_KEY" | "DATA_KEYS_PREVIOUS" | "DATABASE_URL">,
): Keyring {
  if (!config.DATA_KEY && config.DATABASE_URL === "memory://") return keyring(masterKey(randomBytes(32)));
  const dir = keysDir(config);
  const stored = storedKeys(dir);
  const previous = (config.DATA_KEYS_PREVIOUS ?? []).map(decodeKey);
  if (config.DATA_KEY) return keyring(decodeKey(config.DATA_KEY), [...previous, ...stored]);
  const currentId = storedCurrentId(dir);
  const current =
    stored.find((key) => key.id === currentId) ?? (stored.length === 0 ? generateStoredKey(config) : null);
  if (!current) {
    throw new Error(`${join(dir, "current")} names no key in ${dir}; restore the key file or set DATA_KEY.`);
  }
  return keyring(current, [...previous, ...stored]);
}

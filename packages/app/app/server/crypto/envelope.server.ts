import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Envelope encryption of personal data at rest (ADR 190): each record is sealed with AES-256-GCM under its own random
 * data key, and that data key is wrapped (AES-256-GCM again) by the master key whose id is stored beside it. Rotating
 * the master key re-wraps the small data keys and leaves the sealed records untouched.
 */

const ALGORITHM = "aes-256-gcm";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The first byte of a sealed record names its format, so a later format can be read beside this one. */
const FORMAT_V1 = 1;

/** A master key and its id (a fingerprint of the key, safe to store and to print). */
export interface MasterKey {
  readonly id: string;
  readonly key: Buffer;
}

/** The master keys this process can use: `current` wraps new records; every key can unwrap. */
export interface Keyring {
  readonly current: MasterKey;
  get(id: string): MasterKey | undefined;
  readonly ids: readonly string[];
}

/** A sealed record as stored: three columns. */
export interface SealedRecord {
  readonly keyId: string;
  /** iv ‖ tag ‖ the encrypted data key. */
  readonly wrappedKey: Uint8Array;
  /** format ‖ iv ‖ tag ‖ ciphertext. */
  readonly sealed: Uint8Array;
}

/** The record was changed, moved to another row, or sealed under another key: it cannot be trusted or read. */
export class TamperedRecordError extends Error {
  override name = "TamperedRecordError";
}

/** The record's master key is not in the keyring (a key removed too early, or the wrong DATA_KEY). */
export class UnknownKeyError extends Error {
  override name = "UnknownKeyError";
  constructor(readonly keyId: string) {
    super(
      `The master key ${keyId} that wraps this record is not configured (DATA_KEY, DATA_KEYS_PREVIOUS or DATA_DIR/keys).`,
    );
  }
}

/** The id of a master key: 16 hex digits of a domain-separated SHA-256 of it. */
export function keyIdOf(key: Buffer): string {
  return createHash("sha256").update("showroom/data-key/v1\0").update(key).digest("hex").slice(0, 16);
}

/** A master key from 32 raw bytes. */
export function masterKey(key: Buffer): MasterKey {
  if (key.length !== KEY_BYTES) throw new RangeError(`A master key has ${KEY_BYTES} bytes, not ${key.length}.`);
  return { id: keyIdOf(key), key };
}

/** A keyring whose current key is `current`, able to read records of `current` and of `others`. */
export function keyring(current: MasterKey, others: readonly MasterKey[] = []): Keyring {
  const byId = new Map([...others, current].map((k) => [k.id, k]));
  return { current, get: (id) => byId.get(id), ids: [...byId.keys()] };
}

function encrypt(key: Buffer, plaintext: Uint8Array, aad: string): { iv: Buffer; tag: Buffer; ciphertext: Buffer } {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
}

function decrypt(key: Buffer, iv: Buffer, tag: Buffer, ciphertext: Buffer, aad: string): Buffer {
  try {
    const decipher = createDecipheriv(ALGORITHM, key, iv);
    decipher.setAAD(Buffer.from(aad, "utf8"));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new TamperedRecordError("The record failed its integrity check.");
  }
}

/** The wrapping binds the data key to its master key and to the record, so a wrapped key moved elsewhere fails. */
const wrapAad = (keyId: string, aad: string) => `wrap\0${keyId}\0${aad}`;

function wrap(master: MasterKey, dataKey: Buffer, aad: string): Buffer {
  const { iv, tag, ciphertext } = encrypt(master.key, dataKey, wrapAad(master.id, aad));
  return Buffer.concat([iv, tag, ciphertext]);
}

function unwrap(ring: Keyring, record: SealedRecord, aad: string): Buffer {
  const master = ring.get(record.keyId);
  if (!master) throw new UnknownKeyError(record.keyId);
  const wrapped = Buffer.from(record.wrappedKey);
  if (wrapped.length !== IV_BYTES + TAG_BYTES + KEY_BYTES) throw new TamperedRecordError("The wrapped key is damaged.");
  return decrypt(
    master.key,
    wrapped.subarray(0, IV_BYTES),
    wrapped.subarray(IV_BYTES, IV_BYTES + TAG_BYTES),
    wrapped.subarray(IV_BYTES + TAG_BYTES),
    wrapAad(master.id, aad),
  );
}

/**
 * Seals `plaintext` for one record. `aad` names the record (`table:id`): it is authenticated, not stored, so a sealed
 * value copied into another row no longer opens.
 */
export function seal(ring: Keyring, plaintext: Uint8Array, aad: string): SealedRecord {
  const dataKey = randomBytes(KEY_BYTES);
  try {
    const { iv, tag, ciphertext } = encrypt(dataKey, plaintext, aad);
    return {
      keyId: ring.current.id,
      wrappedKey: wrap(ring.current, dataKey, aad),
      sealed: Buffer.concat([Buffer.of(FORMAT_V1), iv, tag, ciphertext]),
    };
  } finally {
    dataKey.fill(0);
  }
}

/** Opens a sealed record; throws {@link TamperedRecordError} or {@link UnknownKeyError}, never returns altered data. */
export function open(ring: Keyring, record: SealedRecord, aad: string): Buffer {
  const sealed = Buffer.from(record.sealed);
  if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== FORMAT_V1) {
    throw new TamperedRecordError("The sealed record is damaged.");
  }
  const dataKey = unwrap(ring, record, aad);
  try {
    return decrypt(
      dataKey,
      sealed.subarray(1, 1 + IV_BYTES),
      sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES),
      sealed.subarray(1 + IV_BYTES + TAG_BYTES),
      aad,
    );
  } finally {
    dataKey.fill(0);
  }
}

/** The record's data key wrapped again under the current master key; the sealed data is unchanged. */
export function rewrap(ring: Keyring, record: SealedRecord, aad: string): SealedRecord {
  const dataKey = unwrap(ring, record, aad);
  try {
    return { keyId: ring.current.id, wrappedKey: wrap(ring.current, dataKey, aad), sealed: record.sealed };
  } finally {
    dataKey.fill(0);
  }
}

/** Seals a JSON value. */
export function sealJson(ring: Keyring, value: unknown, aad: string): SealedRecord {
  return seal(ring, Buffer.from(JSON.stringify(value), "utf8"), aad);
}

/** Opens a record sealed by {@link sealJson}; the caller parses the result with its schema. */
export function openJson(ring: Keyring, record: SealedRecord, aad: string): unknown {
  return JSON.parse(open(ring, record, aad).toString("utf8"));
}

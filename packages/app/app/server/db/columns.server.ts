import { customType, text, timestamp } from "drizzle-orm/pg-core";

// Column helpers shared by the schema modules.

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Binary columns: sealed personal data and hashes, as Buffers on both drivers. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** The three columns of a record sealed by envelope encryption (app/server/crypto, ADR 190). */
export const sealedColumns = () => ({
  keyId: text("key_id").notNull(),
  wrappedKey: bytea("wrapped_key").notNull(),
  sealed: bytea("sealed").notNull(),
});

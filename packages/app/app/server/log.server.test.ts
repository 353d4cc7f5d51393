import { DrizzleQueryError } from "drizzle-orm/errors";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeError } from "./log.server";

/** A PostgreSQL error as postgres-js and PGlite raise them: the values quoted in message and detail. */
function pgError(secret: string) {
  return Object.assign(new Error(`duplicate key value violates unique constraint: ${secret}`), {
    name: "PostgresError",
    code: "23505",
    severity: "ERROR",
    detail: `Key (email)=(${secret}) already exists.`,
    table_name: "leads",
    constraint_name: "leads_idempotency_key_uq",
  });
}

describe("describeError", () => {
  it("for any value a shopper typed, a database error's entry holds its SQLSTATE and names, never the value", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 4 }).filter((s) => s.trim().length >= 4 && !/^[\w.$]+$/.test(s)),
        (secret) => {
          const error = new DrizzleQueryError("insert into leads values ($1)", [secret], pgError(secret));
          const line = describeError(error);
          expect(line).not.toContain(secret);
          expect(line).toContain("database error 23505");
          expect(line).toContain("table leads");
          expect(line).toContain("constraint leads_idempotency_key_uq");
        },
      ),
    );
  });

  it("keeps other errors' name, message and stack, and their causes", () => {
    const line = describeError(new TypeError("the relay is not running", { cause: new RangeError("port 0") }));
    expect(line).toContain("TypeError: the relay is not running");
    expect(line).toContain("caused by RangeError: port 0");
    expect(line).toMatch(/at .*log\.server\.test\.ts/);
  });

  it("a thrown value that is not an error says what it was, not its content", () => {
    expect(describeError("ssn 123-45-6789")).toBe("non-error value thrown (string)");
  });
});

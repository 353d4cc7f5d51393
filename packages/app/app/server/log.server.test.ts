import { DrizzleQueryError } from "drizzle-orm/errors";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { describeError, jsonLogLine, logError, logInfo, logWarn, setLogFormat } from "./log.server";

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

/** What `write` of stdout and stderr received while `work` ran, the streams' own output held back. */
function captured(work: () => void): { stdout: string; stderr: string } {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => out.push(String(chunk)) > 0);
  const stderr = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => err.push(String(chunk)) > 0);
  try {
    work();
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
  return { stdout: out.join(""), stderr: err.join("") };
}

/** Each line of `text` as an object; fails on a line that is not one JSON object. */
function jsonLines(text: string): Record<string, unknown>[] {
  expect(text.endsWith("\n")).toBe(true);
  return text
    .slice(0, -1)
    .split("\n")
    .map((line) => {
      const entry: unknown = JSON.parse(line);
      expect(typeof entry === "object" && entry !== null && !Array.isArray(entry)).toBe(true);
      return entry as Record<string, unknown>;
    });
}

describe("LOG_FORMAT=json", () => {
  afterEach(() => setLogFormat("text"));

  it("for any message, jsonLogLine is one line of JSON holding the level, the time and the message unchanged", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.date({ noInvalidDate: true }), (message, time) => {
        const line = jsonLogLine("warn", message, {}, time);
        expect(line).not.toContain("\n");
        expect(JSON.parse(line)).toEqual({ level: "warn", time: time.toISOString(), message });
      }),
    );
  });

  it("every console method and our log functions print one JSON object a line, on the console's own stream", () => {
    setLogFormat("json");
    const { stdout, stderr } = captured(() => {
      console.log("ready on %s", "http://127.0.0.1:3000");
      logInfo("delivered 3 lead emails");
      console.warn("a warning\nover two lines");
      logWarn("PUBLIC_ORIGIN is not set");
      console.error(new TypeError("the relay is not running"));
      logError("sending lead mail", new RangeError("port 0"));
    });
    const out = jsonLines(stdout);
    const err = jsonLines(stderr);
    expect(out.map((e) => [e.level, e.message])).toEqual([
      ["info", "ready on http://127.0.0.1:3000"],
      ["info", "delivered 3 lead emails"],
    ]);
    expect(err.map((e) => e.level)).toEqual(["warn", "warn", "error", "error"]);
    expect(err[0]?.message).toBe("a warning\nover two lines");
    expect(String(err[2]?.message)).toMatch(/^TypeError: the relay is not running\n\s+at /);
    expect(err[3]?.message).toBe("sending lead mail");
    expect(String(err[3]?.error)).toMatch(/^RangeError: port 0/);
    for (const entry of [...out, ...err]) {
      expect(Number.isNaN(Date.parse(String(entry.time)))).toBe(false);
      expect(String(entry.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it("for any value a shopper typed, a database error's JSON entry holds its SQLSTATE and names, never the value", () => {
    setLogFormat("json");
    fc.assert(
      fc.property(
        fc.string({ minLength: 4 }).filter((s) => s.trim().length >= 4 && !/^[\w.$]+$/.test(s)),
        (secret) => {
          const error = new DrizzleQueryError("insert into leads values ($1)", [secret], pgError(secret));
          const { stderr } = captured(() => logError("recording a contact lead", error));
          const [entry, ...more] = jsonLines(stderr);
          expect(more).toEqual([]);
          expect(stderr).not.toContain(JSON.stringify(secret).slice(1, -1));
          expect(entry?.level).toBe("error");
          expect(String(entry?.error)).toContain("database error 23505");
        },
      ),
    );
  });

  it("back to text, the console prints as Node's does", () => {
    const plain = console.warn;
    setLogFormat("json");
    expect(console.warn).not.toBe(plain);
    setLogFormat("text");
    expect(console.warn).toBe(plain);
  });
});

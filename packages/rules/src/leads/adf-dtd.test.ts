// Validates generated ADF with libxml2's xmllint against the ADF 1.0 errata DTD kept in this package, many documents
// per run.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdfLead } from "./adf-lead";
import { LEAD_KINDS, type Lead, leadSchema } from "./lead.schema";
import { destinationArbitrary, hostileEmail, hostileFilled, hostileString, leadOfEveryKind } from "./test-arbitraries";
import { exampleDestination, exampleLead, exampleVehicle } from "./test-leads";

const DTD = fileURLToPath(new URL("../../standards/adf/adf-1.0-errata.dtd", import.meta.url));
const XMLLINT_MISSING =
  "xmllint is not installed: install libxml2-utils (apt-get install libxml2-utils) to validate ADF leads";

/** The XML 1.0 Char production, written out here independently of the builder's cleaning. */
function isXmlChar(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}

/** The complement of the Char production, as a pattern for whole documents. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** What a person should read back from the XML for a typed value: line breaks as \n, no controls or non-characters. */
function readable(value: string): string {
  return [...value.replace(/\r\n?/g, "\n")]
    .filter((ch) => {
      const cp = ch.codePointAt(0) ?? 0;
      return isXmlChar(cp) && (cp === 0x9 || cp === 0xa || cp < 0x7f || cp > 0x9f) && cp !== 0xd;
    })
    .join("");
}

/** A single-line value: readable, runs of white space as one space, trimmed. */
function oneLine(value: string): string {
  return readable(value).replace(/\s+/g, " ").trim();
}

const PROLOG = '<?xml version="1.0"?>\n<?adf version="1.0"?>\n<adf>\n';

let workDir: string;
let fileCount = 0;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), "showroom-adf-"));
});
afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

function writeDocuments(bodies: readonly string[]): string[] {
  return bodies.map((body) => {
    const file = join(workDir, `lead-${fileCount++}.xml`);
    writeFileSync(file, body, "utf8");
    return file;
  });
}

function xmllint(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync("xmllint", args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (run.error && (run.error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(XMLLINT_MISSING);
  if (run.error) throw run.error;
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Validates every document in one xmllint run; on failure names the first invalid document and its lead. */
function expectValid(documents: readonly { body: string; lead: Lead }[]): void {
  const files = writeDocuments(documents.map((d) => d.body));
  const run = xmllint(["--noout", "--dtdvalid", DTD, ...files]);
  if (run.status !== 0 || run.stderr !== "") {
    const firstBad = files.findIndex((file) => run.stderr.includes(file));
    const culprit = documents[firstBad];
    throw new Error(
      `xmllint rejected ${firstBad < 0 ? "the batch" : files[firstBad]}:\n${run.stderr.slice(0, 4000)}\n` +
        (culprit ? `lead: ${JSON.stringify(culprit.lead)}\nbody:\n${culprit.body}` : ""),
    );
  }
}

/** Evaluates one XPath string expression over each document in one xmllint run. */
function xpathStrings(bodies: readonly string[], expression: string): string {
  const files = writeDocuments(bodies);
  const run = xmllint(["--xpath", expression, ...files]);
  expect(run.stderr).toBe("");
  return run.stdout;
}

describe("ADF leads against the ADF 1.0 errata DTD", () => {
  it("xmllint and the DTD are where the tests expect them", () => {
    const version = xmllint(["--version"]);
    expect(version.status).toBe(0);
    const files = writeDocuments(["<?xml version='1.0'?><adf/>"]);
    // An adf without a prospect breaks the DTD: a check that would pass anything is no check.
    expect(xmllint(["--noout", "--dtdvalid", DTD, ...files]).status).not.toBe(0);
  });

  it("every generated ADF lead of every form kind, hostile text included, validates against the DTD", () => {
    const documents: { body: string; lead: Lead }[] = [];
    const kinds = new Set<string>();
    fc.assert(
      fc.property(leadOfEveryKind, destinationArbitrary, (leads, destination) => {
        for (const lead of leads) {
          // The generator must stay within what the schema admits, or the property says nothing about real leads.
          const parsed = leadSchema.safeParse(lead);
          if (!parsed.success) throw new Error(`generated lead outside the schema: ${parsed.error.message}`);
          const built = buildAdfLead(lead, destination);
          // Plain checks, not expect(): this loop runs thousands of times.
          if (built.type !== "adf") throw new Error(`type ${built.type}`);
          if (!built.body.startsWith(PROLOG))
            throw new Error(`body does not start with the ADF prolog:\n${built.body}`);
          if (NOT_XML_CHAR.test(built.body)) throw new Error(`body holds a character XML forbids:\n${built.body}`);
          documents.push({ body: built.body, lead });
          kinds.add(lead.kind);
        }
      }),
      { numRuns: 200 },
    );
    expect([...kinds].sort()).toEqual([...LEAD_KINDS].sort());
    expect(documents.length).toBeGreaterThanOrEqual(200 * LEAD_KINDS.length);
    expectValid(documents);
  }, 120_000);

  it("hostile values read back from the XML as the text the shopper typed, less characters XML forbids", () => {
    const cases: { body: string; expected: string }[] = [];
    const SEP = "␞";
    fc.assert(
      fc.property(
        fc.record({
          id: hostileString.filter((s) => s.length > 0),
          firstName: hostileFilled,
          lastName: hostileFilled,
          email: hostileEmail,
          text: hostileString,
          make: hostileString,
          storeName: hostileFilled,
        }),
        (values) => {
          const lead = exampleLead("CONTACT_SALES", {
            id: values.id,
            user: { firstName: values.firstName, lastName: values.lastName, email: values.email },
            text: values.text,
            vehicle: { ...exampleVehicle, make: values.make, url: null, condition: "used" },
            store: { ...exampleLead("CONTACT_SALES").store, name: values.storeName },
          });
          const expected = [
            oneLine(values.id),
            oneLine(values.firstName),
            oneLine(values.lastName),
            oneLine(values.email),
            oneLine(values.make),
            oneLine(values.storeName),
            readable(values.text).trim(),
          ].join(SEP);
          cases.push({ body: buildAdfLead(lead, exampleDestination).body, expected });
        },
      ),
      { numRuns: 200 },
    );
    const p = "/adf/prospect";
    const fields = [
      `${p}/id`,
      `${p}/customer/contact/name[@part='first']`,
      `${p}/customer/contact/name[@part='last']`,
      `${p}/customer/contact/email`,
      `${p}/vehicle[1]/make`,
      `${p}/vendor/vendorname`,
      `${p}/customer/comments`,
    ];
    const expression = `concat(${fields.map((f) => `string(${f})`).join(`, '${SEP}', `)})`;
    const output = xpathStrings(
      cases.map((c) => c.body),
      expression,
    );
    // xmllint prints each document's string followed by a newline.
    const expected = cases.map((c) => `${c.expected}\n`).join("");
    if (output !== expected) {
      const bad = cases.find((c) => xpathStrings([c.body], expression) !== `${c.expected}\n`);
      expect(bad ? xpathStrings([bad.body], expression) : output).toBe(bad ? `${bad.expected}\n` : expected);
    }
  }, 120_000);

  it("markup, entities and a CDATA end in a comment read back exactly", () => {
    const typed = `Tom & "Jerry" <script>alert('x')</script> ]]> &amp; 😀 café`;
    const lead = exampleLead("CONTACT_SALES", { text: typed });
    const { body } = buildAdfLead(lead, exampleDestination);
    expect(body).not.toContain("<script>");
    expect(xpathStrings([body], "string(/adf/prospect/customer/comments)")).toBe(`${typed}\n`);
  });

  it("the example lead of every kind, with and without merged comments, validates", () => {
    const documents = LEAD_KINDS.flatMap((kind) =>
      [false, true].map((mergeCommentsIntoTop) => {
        const lead = exampleLead(kind, {
          vehicle: exampleVehicle,
          sellVehicle:
            kind === "SELL_OR_TRADE" ? { make: "Honda", model: "Civic", year: 2015, miles: 88000 } : undefined,
          appointment:
            kind === "SERVICE" || kind === "SCHEDULE_TEST_DRIVE"
              ? { appointment_id: "A-1", start_datetime: "2026-11-24T10:00:00-06:00" }
              : undefined,
        });
        return { body: buildAdfLead(lead, { ...exampleDestination, mergeCommentsIntoTop }).body, lead };
      }),
    );
    expectValid(documents);
  });
});

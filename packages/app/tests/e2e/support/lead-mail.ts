import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { parseMessage } from "../../support/rfc822";

/** The ADF 1.0 DTD (with errata) every lead email must validate against, kept in @showroom/rules. */
const ADF_DTD = createRequire(import.meta.url).resolve("@showroom/rules/standards/adf/adf-1.0-errata.dtd");

/**
 * The text of the first lead email in `dataDir/mail` (the relay's .eml files) that `matches`, polled until the relay
 * has written it.
 */
export async function deliveredLead(
  dataDir: string,
  matches: (text: string) => boolean,
  describe: string,
  timeoutMs = 20_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const dir = join(dataDir, "mail");
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
    } catch {
      // No mail yet.
    }
    for (const file of files) {
      const text = parseMessage(readFileSync(join(dir, file))).text;
      if (matches(text)) return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No lead email ${describe} was delivered within ${timeoutMs} ms`);
}

let written = 0;

/** xmllint's verdict on `xml` against the ADF DTD; the document is written to `scratchDir` first. */
export function xmllintAdf(xml: string, scratchDir: string): { status: number | null; stderr: string } {
  const file = join(scratchDir, `adf-${process.pid}-${++written}.xml`);
  writeFileSync(file, xml, "utf8");
  const run = spawnSync("xmllint", ["--noout", "--dtdvalid", ADF_DTD, file], { encoding: "utf8" });
  if (run.error) throw new Error("xmllint is not installed: install libxml2-utils to validate ADF leads");
  return { status: run.status, stderr: run.stderr };
}

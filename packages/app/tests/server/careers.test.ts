// The careers form (issue 16, lead CAREERS) as the built server answers it: multipart with a résumé, only this form's
// body may reach 5 MB, hostile files refused one by one with nothing written, a good PDF or DOCX kept sealed under a
// generated name and attached to the lead email. Runs the built server in this process.
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { MESSAGES } from "@showroom/forms";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readerBenignResumes } from "../../app/server/careers/reader-benign-resumes.test-support";
import { readerHostileResumes } from "../../app/server/careers/reader-hostile-resumes.test-support";
import { goodDocx, hostileResumes, pdf } from "../../app/server/careers/resume-files.test-support";
import { deliveredLead } from "../e2e/support/lead-mail";
import { rowsOf } from "../support/databases";
import { countRows, renderedFieldErrors, request } from "./support/requests";
import { siteForFile } from "./support/site-for-file";

// At info, the site says why it refused each résumé: a refusal this file does not expect names its reason.
const site = siteForFile({ RATE_LIMIT_POSTS_PER_MINUTE: "10000", RELAY_INTERVAL_MS: "100", LOG_LEVEL: "info" });

function application(resume: { name: string; bytes: Uint8Array } | null, overrides: Record<string, string> = {}) {
  const form = new FormData();
  const fields = {
    idempotencyKey: randomUUID(),
    website: "",
    firstName: "Casey",
    lastName: "Applicant",
    email: "casey.applicant@example.com",
    phone: "(314) 555-0177",
    position: "finance-manager-brentwood",
    message: "I have six years in auto lending.",
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (resume) form.set("resume", new File([resume.bytes as Uint8Array<ArrayBuffer>], resume.name));
  return form;
}

const post = (body: FormData | string, headers: Record<string, string> = {}) =>
  request(`${site.url}/our-company/careers`, { method: "POST", body, headers: { Origin: site.url, ...headers } });

function emlWith(text: string) {
  const dir = join(site.config.DATA_DIR, "mail");
  if (!existsSync(dir)) return null;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".eml"))) {
    const raw = readFileSync(join(dir, file), "latin1");
    if (raw.includes(text)) return raw;
  }
  return null;
}

describe("the careers form", () => {
  it.each(hostileResumes().map((file) => [file.what, file] as const))(
    "refuses %s with the form's Oops and the file's own message, writing nothing",
    async (_what, file) => {
      const before = await countRows(site.database.db);
      const answer = await post(application({ name: file.name, bytes: file.bytes }));
      expect(answer.status).toBe(400);
      expect(answer.body).toContain("Oops! Something went wrong while submitting the form.");
      const message = renderedFieldErrors(answer.body).resume;
      expect(message).toMatch(/resume|file/i);
      expect(await countRows(site.database.db)).toEqual(before);
      const [kept] = rowsOf<{ n: number | string }>(
        await site.database.db.execute(sql`select count(*) as n from resumes`),
      );
      expect(Number(kept?.n)).toBe(0);
    },
  );

  /** The messages of the hostile applications below: none may reach an email. */
  const hostileMarkers: string[] = [];

  it.each(readerHostileResumes().map((file) => [file.what, file] as const))(
    "refuses %s (as a reader would see it) with 400 and the unsafe-file message, keeping nothing",
    async (_what, file) => {
      const marker = `Hostile-${randomUUID()}`;
      hostileMarkers.push(marker);
      const before = await countRows(site.database.db);
      const answer = await post(application({ name: file.name, bytes: file.bytes }, { message: marker }));
      expect(answer.status).toBe(400);
      expect(renderedFieldErrors(answer.body).resume).toBe(MESSAGES.resumeUnsafe);
      expect(await countRows(site.database.db)).toEqual(before);
    },
  );

  it("the page says when each position was posted, in words, with the machine date beside it", async () => {
    const page = await request(`${site.url}/our-company/careers`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<time dateTime="2026-11-02T09:00:00-06:00">Posted November 2, 2026</time>');
    expect(page.body).not.toMatch(/<time[^>]*>\s*[A-Z][a-z]+ \d{1,2}, \d{4}<\/time>/);
  });

  it("mails none of the refused applications", async () => {
    expect(hostileMarkers.length).toBe(readerHostileResumes().length);
    // The relay runs every 100 ms here: after several turns, no email may carry a refused application.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const marker of hostileMarkers) expect(emlWith(marker)).toBeNull();
  });

  it.each([
    ["PDF", "Casey Applicant résumé.pdf", pdf("Casey Applicant, finance"), "resume.pdf", "application/pdf"],
    [
      "DOCX",
      "cv.docx",
      goodDocx("Casey Applicant, finance"),
      "resume.docx",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
    [
      "PDF 1.5 (object and cross-reference streams, a web link)",
      "cv.pdf",
      readerBenignResumes().find((file) => /object stream, a cross-reference stream/.test(file.what))?.bytes ??
        Buffer.alloc(0),
      "resume.pdf",
      "application/pdf",
    ],
  ] as const)(
    "accepts a good %s: one lead, its outbox row, the résumé sealed, attached to the email",
    async (_kind, name, bytes, attachedAs, type) => {
      const marker = `Casey ${randomUUID()}`;
      const before = await countRows(site.database.db);
      const answer = await post(application({ name, bytes }, { message: marker }));
      expect(answer.status, answer.body.slice(0, 300)).toBe(303);
      expect(answer.headers.get("location")).toBe("/our-company/careers");
      const after = await countRows(site.database.db);
      expect(after.leads - before.leads).toBe(1);
      expect(after.outbox - before.outbox).toBe(1);
      const [row] = rowsOf<{ id: string; kind: string; byte_size: number; sealed: Uint8Array; payload: unknown }>(
        await site.database.db.execute(
          sql`select r.id, r.kind, r.byte_size, r.sealed, l.payload from resumes r join leads l on l.id = r.lead_id where l.payload->>'text' like ${`%${marker}%`}`,
        ),
      );
      expect(row?.byte_size).toBe(bytes.byteLength);
      // Sealed at rest: neither the file's bytes nor the name the applicant gave it are readable in the row.
      const stored = Buffer.from(row?.sealed ?? []).toString("latin1");
      expect(stored).not.toContain("Casey Applicant, finance");
      expect(stored).not.toContain(name);
      expect(JSON.stringify(row?.payload)).not.toContain(name);
      await deliveredLead(site.config.DATA_DIR, (text) => text.includes(marker), "for the application");
      const raw = emlWith(marker.split(" ")[1] ?? marker) ?? emlWith("Resume attached") ?? "";
      expect(raw).toMatch(new RegExp(`filename="?${attachedAs.replace(".", "\\.")}"?`));
      expect(raw).toContain(type);
      // The attachment is the file as sent, byte for byte.
      const part = raw.split(/\r\n--/).find((section) => /Content-Disposition: attachment/i.test(section)) ?? "";
      const body = part.slice(part.indexOf("\r\n\r\n") + 4).replace(/\s+/g, "");
      expect(Buffer.from(body, "base64").equals(bytes)).toBe(true);
    },
  );

  it("only this form's multipart body may reach 5 MB: a larger one, or a large body elsewhere, is 413", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 100 * 1024);
    big.set(pdf());
    const tooBig = await post(application({ name: "big.pdf", bytes: big }));
    expect(tooBig.status).toBe(413);
    const fourMb = new Uint8Array(4 * 1024 * 1024);
    fourMb.set(pdf());
    const accepted = await post(application({ name: "long.pdf", bytes: fourMb }));
    expect(accepted.status, JSON.stringify(renderedFieldErrors(accepted.body))).toBe(303);
    const form = new FormData();
    form.set("message", "x".repeat(200 * 1024));
    const elsewhere = await request(`${site.url}/contact-us`, {
      method: "POST",
      body: form,
      headers: { Origin: site.url },
    });
    expect(elsewhere.status).toBe(413);
    const urlencoded = await post(`message=${"x".repeat(200 * 1024)}`, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(urlencoded.status).toBe(413);
  });

  it("a position the page does not offer is refused with its message", async () => {
    const answer = await post(application({ name: "cv.pdf", bytes: pdf() }, { position: "chief-executive" }));
    expect(answer.status).toBe(400);
    expect(renderedFieldErrors(answer.body).position).toBe("Choose one of the options.");
  });
});

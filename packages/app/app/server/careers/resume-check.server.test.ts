import { isPlainFileName, resumeFileSchema } from "@showroom/forms";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readerBenignResumes } from "./reader-benign-resumes.test-support";
import { readerHostileResumes } from "./reader-hostile-resumes.test-support";
import { inspectResume } from "./resume-check.server";
import { docxWithLinkAndPicture, docxWithOlePart, goodDocx, hostileResumes, pdf } from "./resume-files.test-support";

/** What the careers action decides: the form's schema (name, size, kind), then the server's look inside. */
async function accepted(name: string, bytes: Uint8Array): Promise<boolean> {
  const parsed = await resumeFileSchema.safeParseAsync(new File([bytes as Uint8Array<ArrayBuffer>], name));
  return parsed.success && isPlainFileName(name) && inspectResume(bytes).ok;
}

describe("résumé content check on the server", () => {
  it("accepts a plain PDF and a plain DOCX, named by their kind", () => {
    expect(inspectResume(pdf())).toEqual({ ok: true, kind: "pdf" });
    expect(inspectResume(goodDocx())).toEqual({ ok: true, kind: "docx" });
  });

  it.each(hostileResumes().map((file) => [file.what, file] as const))("refuses %s", async (_what, file) => {
    expect(await accepted(file.name, file.bytes)).toBe(false);
  });

  it("the check inside (not the schema) is what refuses macros, bombs, encryption, scripts and launch actions", () => {
    const inside = hostileResumes().filter((file) => /macro|DOCM|bomb|too many parts|PDF/.test(file.what));
    expect(inside.length).toBe(9);
    for (const file of inside) expect(inspectResume(file.bytes).ok, file.what).toBe(false);
  });

  it.each(readerHostileResumes().map((file) => [file.what, file] as const))(
    "refuses %s, for that reason, through the form's schema and the check",
    async (_what, file) => {
      expect(await accepted(file.name, file.bytes)).toBe(false);
      const verdict = inspectResume(file.bytes);
      expect(verdict.ok ? "" : verdict.reason).toMatch(file.reason);
    },
  );

  it.each(
    [
      ...readerBenignResumes(),
      { what: "a DOCX with a hyperlink and a picture", name: "resume.docx", bytes: docxWithLinkAndPicture() },
    ].map((file) => [file.what, file] as const),
  )("accepts %s", async (_what, file) => {
    expect(await accepted(file.name, file.bytes)).toBe(true);
  });

  it("a VBA project (an OLE compound file) under any part name is refused", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        fc.constantFrom("", ".bin", ".png", ".xml", ".dat"),
        (parts, ext) => {
          const name = `${parts.join("/")}${ext}`;
          if (["[Content_Types].xml", "word/document.xml", "_rels/.rels"].includes(name)) return true;
          const verdict = inspectResume(docxWithOlePart(name));
          return !verdict.ok && /OLE|macro/.test(verdict.reason);
        },
      ),
      { numRuns: 100 },
    );
  });
});

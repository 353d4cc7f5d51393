import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { RESUME_LIMITS } from "../limits";
import { MESSAGES } from "../messages";
import { DANA, errorsOf, formData, VALID_KEY } from "../testing/form-data.test-support";
import { buildZip, minimalDocx, minimalPdf } from "../testing/zip.test-support";
import { careersSchema, createCareersSchema, resumeFileSchema } from "./careers.schema";
import { detectResumeKind, sniffResumeBytes } from "./resume-file";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function file(bytes: Uint8Array, name: string, type = ""): File {
  return new File([bytes as Uint8Array<ArrayBuffer>], name, { type });
}

async function resumeMessages(value: unknown): Promise<string[]> {
  const result = await resumeFileSchema.safeParseAsync(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("résumé content check", () => {
  it("recognises a PDF by %PDF- and a DOCX by word/document.xml inside a ZIP", async () => {
    expect(sniffResumeBytes(minimalPdf())).toBe("pdf");
    expect(sniffResumeBytes(minimalDocx())).toBe("docx");
    expect(await detectResumeKind(new Blob([minimalDocx() as Uint8Array<ArrayBuffer>]))).toBe("docx");
  });

  it("finds word/document.xml after an archive comment and among many parts", () => {
    const parts = Array.from({ length: 40 }, (_, index) => ({ name: `word/media/image${index}.png`, content: PNG }));
    const docx = buildZip([...parts, { name: "word/document.xml", content: "<w:document/>" }], {
      comment: "x".repeat(3000),
    });
    expect(sniffResumeBytes(docx)).toBe("docx");
  });

  it("reads the directory of a ZIP64 archive through its locator", () => {
    const docx = buildZip([{ name: "word/document.xml", content: "<w:document/>" }], { zip64: true });
    expect(sniffResumeBytes(docx)).toBe("docx");
    const other = buildZip([{ name: "content.xml", content: "<office/>" }], { zip64: true });
    expect(sniffResumeBytes(other)).toBeNull();
  });

  it.each([
    ["a ZIP without word/document.xml", buildZip([{ name: "xl/workbook.xml", content: "<workbook/>" }])],
    [
      "a ZIP naming the part only inside a file's data",
      buildZip([{ name: "notes.txt", content: "word/document.xml" }]),
    ],
    ["a PNG", PNG],
    ["a PDF signature that is not at the start", new TextEncoder().encode(" %PDF-1.4")],
    ["a ZIP cut short before its directory", minimalDocx().slice(0, 120)],
    ["nothing", new Uint8Array()],
  ])("refuses %s", (_, bytes) => {
    expect(sniffResumeBytes(bytes)).toBeNull();
  });

  it("decides by content, not by name or claimed type", async () => {
    expect(await resumeMessages(file(PNG, "resume.pdf", "application/pdf"))).toEqual([MESSAGES.resumeType]);
    expect(await resumeMessages(file(minimalPdf(), "resume.txt", "text/plain"))).toEqual([]);
    expect(await resumeMessages(file(minimalDocx(), "resume", ""))).toEqual([]);
  });

  it("refuses files over 5 MB without reading them, and asks for a missing or empty one", async () => {
    const big = new Uint8Array(RESUME_LIMITS.maxBytes + 1);
    big.set(minimalPdf());
    expect(await resumeMessages(file(big, "resume.pdf"))).toEqual([MESSAGES.resumeSize]);
    const exactly = new Uint8Array(RESUME_LIMITS.maxBytes);
    exactly.set(minimalPdf());
    expect(await resumeMessages(file(exactly, "resume.pdf"))).toEqual([]);
    expect(await resumeMessages(file(new Uint8Array(), "resume.pdf"))).toEqual([MESSAGES.resumeRequired]);
    expect(await resumeMessages(undefined)).toEqual([MESSAGES.resumeRequired]);
    expect(await resumeMessages("resume.pdf")).toEqual([MESSAGES.resumeRequired]);
  });
});

describe("careers form through Conform", () => {
  const fields = {
    idempotencyKey: VALID_KEY,
    firstName: " Dana ",
    lastName: "Reyes",
    email: DANA.email,
    phone: DANA.phone,
    position: "finance-manager-brentwood",
  };

  it("accepts a complete application with a DOCX résumé", async () => {
    const resume = file(minimalDocx(), "Dana Reyes.docx");
    const submission = await parseWithZod(formData({ ...fields, resume }), { schema: careersSchema, async: true });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.firstName).toBe("Dana");
    expect(submission.value.message).toBeUndefined();
    expect(submission.value.resume).toBeInstanceOf(File);
    expect(submission.value.resume.name).toBe("Dana Reyes.docx");
  });

  it("answers an empty file input (what a browser posts when nothing is chosen) and a renamed image", async () => {
    const nothing = await parseWithZod(formData({ ...fields, resume: file(new Uint8Array(), "") }), {
      schema: careersSchema,
      async: true,
    });
    expect(errorsOf(nothing)).toEqual({ resume: [MESSAGES.resumeRequired] });
    const image = await parseWithZod(formData({ ...fields, firstName: "", resume: file(PNG, "resume.docx") }), {
      schema: careersSchema,
      async: true,
    });
    expect(errorsOf(image)).toEqual({ firstName: [MESSAGES.firstName], resume: [MESSAGES.resumeType] });
  });

  it("refuses a file name with path parts or control characters, and a position the page does not offer", async () => {
    for (const name of [
      "../../etc/passwd.pdf",
      "C:\\Users\\dana\\resume.pdf",
      "resume\u0000.pdf",
      "re\nsume.pdf",
      "..",
    ]) {
      expect(await resumeMessages(file(minimalPdf(), name)), name).toEqual([MESSAGES.resumeName]);
    }
    const schema = createCareersSchema(["finance-manager-brentwood", "general"]);
    const other = await parseWithZod(formData({ ...fields, position: "ceo", resume: file(minimalPdf(), "cv.pdf") }), {
      schema,
      async: true,
    });
    expect(errorsOf(other)).toEqual({ position: [MESSAGES.choice] });
    const good = await parseWithZod(formData({ ...fields, resume: file(minimalPdf(), "cv.pdf") }), {
      schema,
      async: true,
    });
    expect(good.status).toBe("success");
  });

  it("cannot be parsed synchronously, so nobody skips the content check by accident", () => {
    expect(() => careersSchema.safeParse({ ...fields, resume: file(minimalPdf(), "resume.pdf") })).toThrow();
  });
});

import { describe, expect, it } from "vitest";
import { legalDocuments } from "./documents.server";
import { withoutCounselNotes } from "./legal-notes.server";

function textOf(value: unknown): string {
  return JSON.stringify(value);
}

describe("legal pages without counsel's notes", () => {
  it("drops the template banner, note paragraphs and a note ending a paragraph, and keeps everything else", () => {
    const source = [
      "# Privacy",
      "> **Template for counsel review.** Notes to counsel are marked _Counsel:_.",
      "We collect what you give us.",
      "_Counsel:_ insert the retention schedule.",
      "Our stores share data. _Counsel:_ confirm the legal entities.",
      "- a list item",
    ].join("\n\n");
    expect(withoutCounselNotes(source)).toBe(
      ["# Privacy", "We collect what you give us.", "Our stores share data.", "- a list item"].join("\n\n"),
    );
  });

  it("no public legal page says Counsel or Template for counsel review, while the files still do", () => {
    const pages = legalDocuments();
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages) {
      expect(textOf(page.blocks), page.slug).not.toMatch(/Counsel:|Template for counsel review/);
      expect(textOf(page.blocks).length, page.slug).toBeGreaterThan(1000);
    }
  });
});

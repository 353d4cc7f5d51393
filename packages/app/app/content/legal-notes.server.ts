/**
 * The legal pages are templates for counsel (ADR 093): a "Template for counsel review" banner and notes marked
 * `_Counsel:_` stay in the Markdown for counsel to read and act on, and never reach the public page. A paragraph that
 * is a note goes whole; a note at the end of a paragraph goes from its marker to the paragraph's end.
 */
const COUNSEL = "_Counsel:_";
const TEMPLATE_BANNER = /^>\s*\*\*Template for counsel review\.\*\*/;

export function withoutCounselNotes(markdown: string): string {
  return markdown
    .split(/\n{2,}/)
    .flatMap((paragraph) => {
      const text = paragraph.trim();
      if (TEMPLATE_BANNER.test(text) || text.startsWith(COUNSEL)) return [];
      const at = paragraph.indexOf(COUNSEL);
      return at < 0 ? [paragraph] : [paragraph.slice(0, at).trimEnd()];
    })
    .join("\n\n");
}

/** What a reader sees of a page: scripts (which carry the page's texts for the browser), styles and tags left out. */
export function visibleText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** The content of a page's robots meta tag, or "" without one. */
export function robotsMeta(html: string): string {
  return /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? "";
}

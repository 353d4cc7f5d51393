import { readFile } from "node:fs/promises";
import { mediaFilePath } from "./fixtures-root.server";

const inlined = new Map<string, string | null>();

// What an inline picture must not carry: scripts, event handlers, foreign HTML, references outside the document.
const UNSAFE_SVG =
  /<script|<style|\sstyle\s*=|<foreignObject|<iframe|<image|<use|<a\b|\son[a-z]+\s*=|javascript:|href\s*=|@import|url\((?!#)/i;

/**
 * An SVG document's markup for inlining in the page: without its XML prolog and its fixed size (the page sizes it),
 * hidden from assistive technology (the element around it carries the content's alt text). Null when it carries
 * anything but shapes, gradients and styles.
 */
export function svgForInlining(text: string): string | null {
  const svg = text.replace(/^[\s\S]*?(?=<svg\b)/, "").trim();
  if (!svg.startsWith("<svg") || !svg.endsWith("</svg>") || UNSAFE_SVG.test(svg)) return null;
  return svg.replace(
    /^<svg\b([^>]*)>/,
    (_, attributes: string) =>
      `<svg${attributes.replace(/\s(?:width|height|role|aria-[a-z]+)="[^"]*"/g, "")} aria-hidden="true">`,
  );
}

/** The inline markup of a local SVG picture (`/media/…`, read once), or null for any other picture. */
export async function inlineSvg(src: string | undefined): Promise<string | null> {
  if (!src?.endsWith(".svg")) return null;
  if (inlined.has(src)) return inlined.get(src) ?? null;
  const file = mediaFilePath(src);
  const text = file ? await readFile(file, "utf8").catch(() => null) : null;
  const markup = text === null ? null : svgForInlining(text);
  inlined.set(src, markup);
  return markup;
}

import type { MdBlock, MdInline } from "../components/markdown";

/**
 * A small Markdown reader for the site's own content (articles, help center, legal pages): ATX headings,
 * paragraphs, bullet and numbered lists, block quotes, GitHub tables, rules, fenced code, and inline emphasis, code,
 * links and images. It builds data, never HTML: React escapes every text, raw HTML in a file stays visible text, and
 * a link or picture whose target is not a site path, https, mailto: or tel: becomes its plain text.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ndash: "–",
  mdash: "—",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  hellip: "…",
  copy: "©",
  reg: "®",
  trade: "™",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,6}|#x[0-9a-f]{1,6}|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** A link target the site may print: a site path, a fragment, https/http, mailto: or tel:. */
export function safeHref(href: string): string | null {
  const target = href.trim();
  if (/^\/(?!\/)[^\s\\]*$/.test(target) || /^#[\w-]+$/.test(target)) return target;
  if (/^https?:\/\/[^\s"'<>\\]+$/i.test(target)) return target;
  if (/^mailto:[^\s@"'<>]+@[^\s@"'<>]+$/i.test(target) || /^tel:\+?[\d-]{7,16}$/.test(target)) return target;
  return null;
}

/** A picture source the site may show: its own files only (CSP allows no other origin). */
function safeImageSrc(src: string): string | null {
  return /^\/media\/[a-z0-9/._-]+\.(?:svg|png|jpg|jpeg|webp)$/i.test(src) && !src.includes("..") ? src : null;
}

// Leftmost match wins; among matches at one position the order of the alternatives decides.
const INLINE = new RegExp(
  [
    /(?<code>`+)(?<codeText>[\s\S]*?[^`])\k<code>(?!`)/.source,
    /!\[(?<imgAlt>[^\]]*)\]\(\s*<?(?<imgSrc>[^\s)>]+)>?(?:\s+"[^"]*")?\s*\)/.source,
    /\[(?<linkText>(?:[^[\]]|\[[^\]]*\])*)\]\(\s*<?(?<linkHref>[^\s)>]+)>?(?:\s+"[^"]*")?\s*\)/.source,
    /<(?<auto>(?:https?:\/\/|mailto:)[^\s<>]+)>/.source,
    /\*\*(?<strong>(?=\S)[\s\S]*?\S)\*\*/.source,
    /(?<![\w])__(?<strongU>(?=\S)[\s\S]*?\S)__(?![\w])/.source,
    /\*(?<em>(?=[^\s*])[\s\S]*?[^\s*])\*/.source,
    /(?<![\w])_(?<emU>(?=[^\s_])[\s\S]*?[^\s_])_(?![\w])/.source,
    /\\(?<escaped>[\\`*_{}[\]()#+\-.!|>~])/.source,
    /(?<br> {2,}\n|\\\n)/.source,
  ].join("|"),
  "g",
);

/** The inline nodes of a run of text. */
export function parseInline(text: string): MdInline[] {
  const out: MdInline[] = [];
  const push = (node: MdInline) => {
    const last = out.at(-1);
    if (typeof node === "string" && typeof last === "string") out[out.length - 1] = last + node;
    else if (node !== "") out.push(node);
  };
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    const g = match.groups ?? {};
    push(decodeEntities(text.slice(at, match.index)));
    at = match.index + match[0].length;
    if (g.codeText !== undefined) {
      push({ t: "code", text: g.codeText.replace(/^ (.*) $/s, "$1") });
    } else if (g.imgSrc !== undefined) {
      const src = safeImageSrc(g.imgSrc);
      push(src ? { t: "img", src, alt: decodeEntities(g.imgAlt ?? "") } : decodeEntities(g.imgAlt ?? ""));
    } else if (g.linkHref !== undefined) {
      const href = safeHref(g.linkHref);
      const children = parseInline(g.linkText ?? "");
      if (href) push({ t: "a", href, c: children });
      else for (const child of children) push(child);
    } else if (g.auto !== undefined) {
      const href = safeHref(g.auto);
      push(href ? { t: "a", href, c: [g.auto.replace(/^mailto:/, "")] } : g.auto);
    } else if (g.strong !== undefined || g.strongU !== undefined) {
      push({ t: "strong", c: parseInline(g.strong ?? g.strongU ?? "") });
    } else if (g.em !== undefined || g.emU !== undefined) {
      push({ t: "em", c: parseInline(g.em ?? g.emU ?? "") });
    } else if (g.escaped !== undefined) {
      push(g.escaped);
    } else if (g.br !== undefined) {
      push({ t: "br" });
    }
  }
  push(decodeEntities(text.slice(at)));
  // Soft line breaks inside a paragraph read as spaces.
  return out.map((node) => (typeof node === "string" ? node.replace(/[ \t]*\n[ \t]*/g, " ") : node));
}

/** The plain text of inline nodes, for heading anchors and search. */
function inlineText(nodes: readonly MdInline[]): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return node;
      if (node.t === "code") return node.text;
      if (node.t === "img") return node.alt;
      if (node.t === "br") return " ";
      return inlineText(node.c);
    })
    .join("");
}

function anchorOf(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .replace(/['’]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "section"
  );
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const RULE = /^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const QUOTE = /^ {0,3}> ?/;
const BULLET = /^ {0,3}[-*+][ \t]+/;
const ORDERED = /^ {0,3}(\d{1,9})[.)][ \t]+/;
const TABLE_RULE = /^ *\|? *:?-+:? *(?:\| *:?-+:? *)*\|? *$/;

function splitRow(line: string): string[] {
  const trimmed = line
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "");
  return trimmed.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

function startsBlock(line: string): boolean {
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    RULE.test(line) ||
    QUOTE.test(line) ||
    BULLET.test(line) ||
    ORDERED.test(line)
  );
}

interface Parsed {
  blocks: MdBlock[];
  ids: Map<string, number>;
}

function uniqueId(base: string, ids: Map<string, number>): string {
  const seen = ids.get(base) ?? 0;
  ids.set(base, seen + 1);
  return seen === 0 ? base : `${base}-${seen}`;
}

function parseLines(lines: readonly string[], state: Parsed, headingShift: number): void {
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    if (line.trim() === "") {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] ?? "```";
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? "").trimStart().startsWith(marker)) body.push(lines[i++] ?? "");
      i++;
      state.blocks.push({ t: "pre", text: body.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = Math.min(6, Math.max(2, (heading[1]?.length ?? 2) + headingShift)) as 2 | 3 | 4 | 5 | 6;
      const c = parseInline(heading[2] ?? "");
      state.blocks.push({ t: "h", level, id: uniqueId(anchorOf(inlineText(c)), state.ids), c });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      state.blocks.push({ t: "hr" });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && (lines[i] ?? "").trim() !== "" && (QUOTE.test(lines[i] ?? "") || inner.length > 0)) {
        inner.push((lines[i] ?? "").replace(QUOTE, ""));
        i++;
      }
      const nested: Parsed = { blocks: [], ids: state.ids };
      parseLines(inner, nested, headingShift);
      state.blocks.push({ t: "quote", c: nested.blocks });
      continue;
    }
    const ordered = ORDERED.exec(line);
    if (ordered || BULLET.test(line)) {
      const marker = ordered ? ORDERED : BULLET;
      const items: string[][] = [];
      while (i < lines.length) {
        const current = lines[i] ?? "";
        if (marker.test(current)) items.push([current.replace(marker, "")]);
        else if (current.trim() === "") {
          // A blank line ends the list unless the next line carries on with another item or an indented paragraph.
          const next = lines[i + 1] ?? "";
          if (!(marker.test(next) || /^ {2,}\S/.test(next))) break;
        } else if (/^\s/.test(current) || !startsBlock(current)) {
          if (/^ {0,3}[-*+][ \t]+|^ {0,3}\d{1,9}[.)][ \t]+/.test(current.trim()) && /^\s/.test(current))
            items.push([current.trim().replace(BULLET, "").replace(ORDERED, "")]);
          else items.at(-1)?.push(current.trim());
        } else break;
        i++;
      }
      state.blocks.push({
        t: ordered ? "ol" : "ul",
        ...(ordered && ordered[1] !== "1" ? { start: Number(ordered[1]) } : {}),
        items: items.map((item) => parseInline(item.join("\n"))),
      });
      continue;
    }
    if (line.includes("|") && TABLE_RULE.test(lines[i + 1] ?? "")) {
      const head = splitRow(line);
      const align = splitRow(lines[i + 1] ?? "").map((cell) =>
        cell.startsWith(":") && cell.endsWith(":")
          ? "center"
          : cell.endsWith(":")
            ? "right"
            : cell.startsWith(":")
              ? "left"
              : null,
      );
      i += 2;
      const rows: MdInline[][][] = [];
      while (i < lines.length && (lines[i] ?? "").includes("|") && (lines[i] ?? "").trim() !== "") {
        const cells = splitRow(lines[i] ?? "");
        rows.push(head.map((_, c) => parseInline(cells[c] ?? "")));
        i++;
      }
      state.blocks.push({ t: "table", align, head: head.map((cell) => parseInline(cell)), rows });
      continue;
    }
    const paragraph: string[] = [];
    while (
      i < lines.length &&
      (lines[i] ?? "").trim() !== "" &&
      (paragraph.length === 0 || !startsBlock(lines[i] ?? ""))
    ) {
      paragraph.push(lines[i] ?? "");
      i++;
    }
    state.blocks.push({ t: "p", c: parseInline(paragraph.join("\n").trim()) });
  }
}

/**
 * Parses a Markdown body into blocks. Headings are shifted so the body's top level is `h2`: the page's own title is
 * its only `h1`. Heading ids are unique anchors made from their text.
 */
export function parseMarkdown(markdown: string): MdBlock[] {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const levels = lines.flatMap((line) => {
    const heading = HEADING.exec(line);
    return heading ? [heading[1]?.length ?? 2] : [];
  });
  const top = levels.length > 0 ? Math.min(...levels) : 2;
  const state: Parsed = { blocks: [], ids: new Map() };
  parseLines(lines, state, 2 - top);
  return state.blocks;
}

/** The words a reader sees, for the reading time and search. */
export function plainText(blocks: readonly MdBlock[]): string {
  return blocks
    .map((block) => {
      switch (block.t) {
        case "h":
        case "p":
          return inlineText(block.c);
        case "ul":
        case "ol":
          return block.items.map(inlineText).join(" ");
        case "quote":
          return plainText(block.c);
        case "table":
          return [...block.head, ...block.rows.flat()].map(inlineText).join(" ");
        case "pre":
          return block.text;
        default:
          return "";
      }
    })
    .join(" ");
}

/** Minutes an adult needs to read the text at about 220 words a minute, at least 1. */
export function readingMinutes(blocks: readonly MdBlock[]): number {
  const words = plainText(blocks).match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
  return Math.max(1, Math.round(words / 220));
}

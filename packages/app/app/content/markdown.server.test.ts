import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { MdBlock, MdInline } from "../components/markdown";
import { parseInline, parseMarkdown, plainText, readingMinutes, safeHref } from "./markdown.server";

function inlines(blocks: readonly MdBlock[]): MdInline[] {
  return blocks.flatMap((block): MdInline[] => {
    switch (block.t) {
      case "h":
      case "p":
        return [...block.c];
      case "ul":
      case "ol":
        return block.items.flat();
      case "quote":
        return inlines(block.c);
      case "table":
        return [...block.head.flat(), ...block.rows.flat(2)];
      default:
        return [];
    }
  });
}

function walk(nodes: readonly MdInline[]): MdInline[] {
  return nodes.flatMap((node) => (typeof node === "object" && "c" in node ? [node, ...walk(node.c)] : [node]));
}

describe("markdown reader", () => {
  it("shifts headings so the body's top level is h2, and gives each a unique anchor", () => {
    const blocks = parseMarkdown("# Intro\n\nText\n\n## Detail\n\n# Intro");
    expect(blocks.filter((b) => b.t === "h").map((b) => b.t === "h" && [b.level, b.id])).toEqual([
      [2, "intro"],
      [3, "detail"],
      [2, "intro-1"],
    ]);
  });

  it("reads paragraphs, lists, numbered lists with their start, quotes, rules, code and tables", () => {
    const blocks = parseMarkdown(
      "Para one\ncontinues.\n\n- a\n- b\n\n3. three\n4. four\n\n> quoted\n\n---\n\n```\ncode <b>\n```\n\n| A | B |\n|:--|--:|\n| 1 | 2 |",
    );
    expect(blocks.map((b) => b.t)).toEqual(["p", "ul", "ol", "quote", "hr", "pre", "table"]);
    expect(blocks[0]).toEqual({ t: "p", c: ["Para one continues."] });
    expect(blocks[2]).toMatchObject({ t: "ol", start: 3 });
    expect(blocks[5]).toEqual({ t: "pre", text: "code <b>" });
    expect(blocks[6]).toMatchObject({
      t: "table",
      align: ["left", "right"],
      head: [["A"], ["B"]],
      rows: [[["1"], ["2"]]],
    });
  });

  it("reads emphasis, code, links and pictures inside text", () => {
    expect(
      parseInline("**bold** and *em* and `x` and [site](/cars-for-sale) ![car](/media/articles/news.svg)"),
    ).toEqual([
      { t: "strong", c: ["bold"] },
      " and ",
      { t: "em", c: ["em"] },
      " and ",
      { t: "code", text: "x" },
      " and ",
      { t: "a", href: "/cars-for-sale", c: ["site"] },
      " ",
      { t: "img", src: "/media/articles/news.svg", alt: "car" },
    ]);
  });

  it("keeps raw HTML as visible text and turns unsafe link targets into plain text", () => {
    expect(parseMarkdown("<script>alert(1)</script>")).toEqual([{ t: "p", c: ["<script>alert(1)</script>"] }]);
    expect(parseInline("[click](javascript:alert(1))")).toEqual(["click)"]);
    expect(parseInline("![x](https://evil.example/x.png)")).toEqual(["x"]);
    expect(safeHref("//evil.example/path")).toBeNull();
    expect(safeHref("mailto:sales@confluencemotors.example")).toBe("mailto:sales@confluencemotors.example");
  });

  it("never throws, and every link or picture it keeps points somewhere safe, whatever the text", () => {
    const markdownish = fc.stringMatching(/^[\s\S]{0,200}$/).map((s) => s);
    const pieces = fc.array(
      fc.oneof(
        markdownish,
        fc.constantFrom(
          "[a](",
          "](",
          "![",
          ")",
          "**",
          "*",
          "_",
          "`",
          "# ",
          "- ",
          "1. ",
          "> ",
          "|",
          "\n",
          "\n\n",
          "javascript:",
          "//",
          "<",
          "&amp;",
          "&#0;",
        ),
      ),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(pieces, (parts) => {
        const blocks = parseMarkdown(parts.join(""));
        for (const node of walk(inlines(blocks))) {
          if (typeof node !== "object") continue;
          if (node.t === "a") expect(safeHref(node.href)).toBe(node.href);
          if (node.t === "img") expect(node.src).toMatch(/^\/media\//);
        }
        expect(typeof plainText(blocks)).toBe("string");
      }),
      { numRuns: 300 },
    );
  });

  it("counts reading time at about 220 words a minute, never under one minute", () => {
    expect(readingMinutes(parseMarkdown("word "))).toBe(1);
    expect(readingMinutes(parseMarkdown("word ".repeat(660)))).toBe(3);
  });
});

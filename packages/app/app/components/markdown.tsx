// biome-ignore-all lint/suspicious/noArrayIndexKey: a parsed document is static; its list items, rows and cells never reorder
import type { ReactNode } from "react";

/**
 * A Markdown document as plain data (built on the server by `content/markdown.server`), rendered here by React,
 * which escapes every text: no HTML from a content file ever reaches the page as markup.
 */
export type MdInline =
  | string
  | { readonly t: "strong" | "em"; readonly c: readonly MdInline[] }
  | { readonly t: "code"; readonly text: string }
  | { readonly t: "a"; readonly href: string; readonly c: readonly MdInline[] }
  | { readonly t: "img"; readonly src: string; readonly alt: string }
  | { readonly t: "br" };

export type MdBlock =
  | { readonly t: "h"; readonly level: 2 | 3 | 4 | 5 | 6; readonly id: string; readonly c: readonly MdInline[] }
  | { readonly t: "p"; readonly c: readonly MdInline[] }
  | { readonly t: "ul" | "ol"; readonly start?: number; readonly items: readonly (readonly MdInline[])[] }
  | { readonly t: "quote"; readonly c: readonly MdBlock[] }
  | {
      readonly t: "table";
      readonly align: readonly ("left" | "center" | "right" | null)[];
      readonly head: readonly (readonly MdInline[])[];
      readonly rows: readonly (readonly (readonly MdInline[])[])[];
    }
  | { readonly t: "hr" }
  | { readonly t: "pre"; readonly text: string };

function Inlines({ nodes }: { nodes: readonly MdInline[] }) {
  return <>{nodes.map((node, i) => renderInline(node, i))}</>;
}

function renderInline(node: MdInline, key: number): ReactNode {
  if (typeof node === "string") return node;
  switch (node.t) {
    case "strong":
      return (
        <strong key={key}>
          <Inlines nodes={node.c} />
        </strong>
      );
    case "em":
      return (
        <em key={key}>
          <Inlines nodes={node.c} />
        </em>
      );
    case "code":
      return (
        <code key={key} className="rounded bg-slate-100 px-1 py-0.5 text-[0.9em]">
          {node.text}
        </code>
      );
    case "a": {
      const external = /^https?:/.test(node.href);
      return (
        <a
          key={key}
          href={node.href}
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
          {...(external ? { rel: "noopener noreferrer" } : {})}
        >
          <Inlines nodes={node.c} />
        </a>
      );
    }
    case "img":
      return (
        <img key={key} src={node.src} alt={node.alt} loading="lazy" className="my-4 h-auto max-w-full rounded-lg" />
      );
    case "br":
      return <br key={key} />;
  }
}

const HEADING_CLASS: Record<number, string> = {
  2: "mt-10 text-2xl font-bold tracking-tight text-slate-900",
  3: "mt-8 text-xl font-semibold text-slate-900",
  4: "mt-6 text-lg font-semibold text-slate-900",
  5: "mt-6 font-semibold text-slate-900",
  6: "mt-6 font-semibold text-slate-700",
};

function renderBlock(block: MdBlock, key: number): ReactNode {
  switch (block.t) {
    case "h": {
      const Tag = `h${block.level}` as const;
      return (
        <Tag key={key} id={block.id} className={HEADING_CLASS[block.level]}>
          <Inlines nodes={block.c} />
        </Tag>
      );
    }
    case "p":
      return (
        <p key={key} className="mt-4 leading-7">
          <Inlines nodes={block.c} />
        </p>
      );
    case "ul":
    case "ol": {
      const Tag = block.t;
      return (
        <Tag
          key={key}
          start={block.t === "ol" ? block.start : undefined}
          className={`mt-4 space-y-2 pl-6 leading-7 ${block.t === "ol" ? "list-decimal" : "list-disc"}`}
        >
          {block.items.map((item, i) => (
            <li key={i}>
              <Inlines nodes={item} />
            </li>
          ))}
        </Tag>
      );
    }
    case "quote":
      return (
        <blockquote key={key} className="mt-4 border-l-4 border-brand-100 pl-4 text-slate-700 italic">
          {block.c.map((b, i) => renderBlock(b, i))}
        </blockquote>
      );
    case "table":
      return (
        <div key={key} className="mt-6 overflow-x-auto">
          {/* A long cookie or storage name may break anywhere, so a phone never has to scroll the table sideways. */}
          <table className="w-full border-collapse text-left text-sm [&_code]:[overflow-wrap:anywhere]">
            <thead>
              <tr>
                {block.head.map((cell, i) => (
                  <th
                    key={i}
                    scope="col"
                    className="border-b-2 border-slate-300 px-3 py-2 font-semibold"
                    style={{ textAlign: block.align[i] ?? "left" }}
                  >
                    <Inlines nodes={cell} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r} className="border-b border-slate-200">
                  {row.map((cell, i) => (
                    <td key={i} className="px-3 py-2 align-top" style={{ textAlign: block.align[i] ?? "left" }}>
                      <Inlines nodes={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case "hr":
      return <hr key={key} className="my-8 border-slate-200" />;
    case "pre":
      return (
        <pre key={key} className="mt-4 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100">
          <code>{block.text}</code>
        </pre>
      );
  }
}

/** Renders a parsed Markdown document with the site's typography. */
export function Markdown({ blocks, className }: { blocks: readonly MdBlock[]; className?: string }) {
  return <div className={`text-base text-slate-800 ${className ?? ""}`}>{blocks.map((b, i) => renderBlock(b, i))}</div>;
}

import { cleanText } from "./text-format";

/** An XML element: attributes and either text or child elements. `undefined` children are left out. */
export interface XmlElement {
  readonly name: string;
  readonly attributes?: Readonly<Record<string, string | undefined>>;
  readonly text?: string;
  readonly children?: readonly (XmlElement | undefined)[];
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/**
 * Text as XML character data: forbidden characters removed, then `& < > " '` escaped (so `]]>` cannot end anything).
 */
export function escapeXml(value: string): string {
  return cleanText(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Attribute values also keep tab and newline as character references, which attribute normalization would eat. */
function escapeAttribute(value: string): string {
  return escapeXml(value).replace(/\t/g, "&#9;").replace(/\n/g, "&#10;");
}

/** Shorthand for an element: `element("year", {}, "2021")` or `element("vehicle", attrs, [children])`. */
export function element(
  name: string,
  attributes: Record<string, string | undefined> = {},
  content: string | readonly (XmlElement | undefined)[] = [],
): XmlElement {
  return typeof content === "string" ? { name, attributes, text: content } : { name, attributes, children: content };
}

/** An element with text, or nothing when the value is absent or blank, for the DTD's optional elements. */
export function optionalElement(
  name: string,
  value: string | number | null | undefined,
  attributes: Record<string, string | undefined> = {},
): XmlElement | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value);
  return text.trim() === "" ? undefined : element(name, attributes, text);
}

/** Serializes with two-space indentation; text-only elements stay on one line so their text is exactly the value. */
export function renderXml(node: XmlElement, depth = 0): string {
  const pad = "  ".repeat(depth);
  const attributes = Object.entries(node.attributes ?? {})
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
    .join("");
  if (node.text !== undefined) return `${pad}<${node.name}${attributes}>${escapeXml(node.text)}</${node.name}>`;
  const children = (node.children ?? []).filter((child): child is XmlElement => child !== undefined);
  if (children.length === 0) return `${pad}<${node.name}${attributes}/>`;
  return [
    `${pad}<${node.name}${attributes}>`,
    ...children.map((child) => renderXml(child, depth + 1)),
    `${pad}</${node.name}>`,
  ].join("\n");
}

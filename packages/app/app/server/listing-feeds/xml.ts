// The few XML pieces the ad feeds write (docs/decisions/350). Hand-written rather than through an XML builder: a feed
// is streamed item by item into gzip, element names are fixed, and only text and two attribute values vary; the
// escaping below is proved by a property test that parses what it writes with fast-xml-parser.

/**
 * Characters outside XML 1.0's Char production (C0 controls but tab, newline and carriage return, lone surrogates,
 * U+FFFE, U+FFFF). No escape can carry them, not even a character reference, so they are left out.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const NEEDS_WORK = /[&<>\r]|[^\t\n\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

const TEXT_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  // A parser turns a raw CR (and CR LF) into LF; as a reference it stays what the dealer typed.
  "\r": "&#13;",
};

const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  ...TEXT_ESCAPES,
  '"': "&quot;",
  // Attribute normalization would turn these into spaces.
  "\t": "&#9;",
  "\n": "&#10;",
};

/** `value` as element content: what a conforming parser reads back is `value` without the characters XML cannot hold. */
export function xmlText(value: string): string {
  // Most values need nothing: one test spares them two replacements (a 100,000-car feed writes two million values).
  if (!NEEDS_WORK.test(value)) return value;
  return value.replace(NOT_XML_CHAR, "").replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c] ?? c);
}

/** `value` inside double quotes as an attribute value, read back unchanged as {@link xmlText}'s text is. */
export function xmlAttribute(value: string): string {
  return value.replace(NOT_XML_CHAR, "").replace(/[&<>\r"\t\n]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
}

/** `<name>value</name>`, or nothing for a value that is absent or blank (an optional field the vehicle lacks). */
export function field(name: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return text.trim() === "" ? "" : `<${name}>${xmlText(text)}</${name}>`;
}

import { findNodeAtLocation, type Node, parse, parseTree } from "jsonc-parser";

/** A 1-based line and column in a file's text. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** Line starts of a text, for turning offsets into positions. */
export class LineIndex {
  readonly #starts: number[] = [0];
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.#starts.push(i + 1);
  }
  position(offset: number): Position {
    let lo = 0;
    let hi = this.#starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.#starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.#starts[lo] as number) + 1 };
  }
}

/** A parsed file's text, to find where a JSON path is written. */
export class JsonText {
  readonly #root: Node | undefined;
  readonly #lines: LineIndex;
  constructor(text: string) {
    this.#root = parseTree(text, [], { allowTrailingComma: false, disallowComments: true });
    this.#lines = new LineIndex(text);
  }

  /**
   * Where the value at `path` is written; for a path that is not in the file (a missing field), where its nearest
   * written parent is. With `key`, where that field's name is written in the object at `path`.
   */
  position(path: readonly PropertyKey[], key?: string): Position | undefined {
    if (!this.#root) return undefined;
    const segments = path.map((k) => (typeof k === "number" ? k : String(k)));
    if (key !== undefined) {
      const value = findNodeAtLocation(this.#root, [...segments, key]);
      const property = value?.parent;
      if (property?.type === "property" && property.children?.[0]) {
        return this.#lines.position(property.children[0].offset);
      }
    }
    for (let n = segments.length; n >= 0; n--) {
      const node = n === 0 ? this.#root : findNodeAtLocation(this.#root, segments.slice(0, n));
      if (node) return this.#lines.position(node.offset);
    }
    return undefined;
  }
}

// jsonc-parser's ParseErrorCode is a const enum, which this build cannot import: its values, by name.
const WHAT_WAS_EXPECTED: Readonly<Record<number, string>> = {
  1: /* InvalidSymbol */ "This character cannot start a value here",
  2: /* InvalidNumberFormat */ "This number is not written the JSON way (digits, one dot, no leading +)",
  3: /* PropertyNameExpected */ 'A field name in double quotes is expected here, like "amount"',
  4: /* ValueExpected */ "A value is expected here: a number, text in double quotes, true, false, [ … ] or { … }",
  5: /* ColonExpected */ 'A colon is expected after the field name, like "amount": 500',
  6: /* CommaExpected */ "A comma is expected here, between two entries",
  7: /* CloseBraceExpected */ "A closing } is expected here",
  8: /* CloseBracketExpected */ "A closing ] is expected here",
  9: /* EndOfFileExpected */ "The file should end here: there is more after its last }",
  10: /* InvalidCommentToken */ "JSON files cannot hold comments: remove it",
  11: /* UnexpectedEndOfComment */ "JSON files cannot hold comments: remove it",
  12: /* UnexpectedEndOfString */ "This text has no closing double quote",
  13: /* UnexpectedEndOfNumber */ "This number ends too early",
  14: /* InvalidUnicode */ "This \\u escape needs four hexadecimal digits",
  15: /* InvalidEscapeCharacter */ 'This backslash escape is not one JSON knows (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)',
  16: /* InvalidCharacter */ "This character must be escaped inside text",
};

/** The first syntax error of a JSON text, in plain words, with its position; undefined when the text parses. */
export function syntaxError(text: string): (Position & { message: string }) | undefined {
  const errors: { error: number; offset: number; length: number }[] = [];
  parse(text, errors, { allowTrailingComma: false, disallowComments: true });
  const first = errors[0];
  if (!first) return undefined;
  const before = text.slice(0, first.offset).trimEnd();
  const next = text.slice(first.offset).trimStart()[0];
  const trailingComma = before.endsWith(",") && (next === "}" || next === "]");
  const message = trailingComma
    ? `Remove the comma before this ${next}: JSON allows no comma after the last entry`
    : (WHAT_WAS_EXPECTED[first.error] ?? "The JSON is not well formed here");
  const at = trailingComma ? before.length - 1 : first.offset;
  return { ...new LineIndex(text).position(at), message: `${message}.` };
}

import { findNodeAtLocation, type Node, parse, parseTree, visit } from "jsonc-parser";

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
  13: /* UnexpectedEndOfNumber */ "This number ends too early: write digits after the dot, like 15.5, or leave the dot out",
  14: /* InvalidUnicode */ "This \\u escape needs four hexadecimal digits",
  15: /* InvalidEscapeCharacter */ 'This backslash escape is not one JSON knows (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)',
  16: /* InvalidCharacter */ "This character must be escaped inside text",
};

/**
 * What the writer most likely meant at a syntax error, from the characters there: habits from JavaScript or
 * spreadsheets (single quotes, NaN, a leading +, 1,500, $ and % signs, True, a field name without quotes) that
 * JSON does not allow. Undefined when the characters say nothing more than the parser's own code.
 */
function likelyHabit(text: string, offset: number, length: number): string | undefined {
  const token = text.slice(offset, offset + Math.max(length, 1));
  const rest = text.slice(offset);
  const before = text.slice(0, offset);
  const after = text.slice(offset + token.length).trimStart();
  if (offset === 0 && text.charCodeAt(0) === 0xfeff) {
    return 'The file begins with an invisible byte order mark: save it as UTF-8 without BOM (in most editors, "UTF-8", not "UTF-8 with BOM")';
  }
  if (token === "," && before.trimEnd().endsWith(",")) return "Remove this comma: there are two in a row";
  const quoted = /^'([^'\n]*)'/.exec(rest);
  if (quoted) return `JSON takes double quotes: write "${quoted[1]}" instead of '${quoted[1]}'`;
  const special = /^(-?Infinity|NaN)\b/.exec(rest);
  if (special) return `${special[1]} is not a number JSON can hold: write a number, like 0`;
  if (/^undefined\b/.test(rest)) return "JSON has no undefined: leave the field out, or write a value";
  const plus = /^\+(\d[\d.]*)/.exec(rest);
  if (plus) return `A number cannot start with + in JSON: write ${plus[1]}`;
  const hex = /^0[xX]([\da-fA-F]+)/.exec(text.slice(offset - 1));
  if (hex && before.endsWith("0"))
    return `Write the number in decimal digits: ${Number.parseInt(hex[1] as string, 16)}`;
  const dot = /^\.(\d+)/.exec(rest);
  if (dot) return `Write a 0 before the dot: 0.${dot[1]}`;
  const dollars = /^\$\s*([\d,]*\.?\d+)/.exec(rest);
  if (dollars)
    return `Write a dollar amount as a number, without the $ sign: ${(dollars[1] as string).replaceAll(",", "")}`;
  const percent = /(\d+(?:\.\d+)?)$/.exec(before);
  if (percent && token === "%") return `Write a percent as a number, without the % sign: ${percent[1]}`;
  const digits = /^\d+/.exec(rest)?.[0];
  const grouped = /(\d+),\s*$/.exec(before);
  if (digits && grouped) {
    return `Write a number without a thousands separator: ${grouped[1]}${digits}, not ${grouped[1]},${digits}`;
  }
  const spaced = /(\d+)[ \t]+$/.exec(before);
  if (digits && spaced) return `Write a number without spaces: ${spaced[1]}${digits}`;
  const leadingZero = /(?:^|[^\d.])0$/.exec(before);
  if (digits && leadingZero) return `A number cannot start with 0 in JSON: write ${Number(digits)}, not 0${digits}`;
  const word = /^[A-Za-z_][\w-]*/.exec(rest)?.[0];
  if (word && /^(true|false|null)$/i.test(word)) return `Write ${word.toLowerCase()} in lowercase`;
  if (word && after.startsWith(":")) return `A field name takes double quotes in JSON: write "${word}"`;
  if (word) return `Text takes double quotes in JSON: write "${word}"`;
  return undefined;
}

/** The first syntax error of a JSON text, in plain words, with its position; undefined when the text parses. */
export function syntaxError(text: string): (Position & { message: string }) | undefined {
  const errors: { error: number; offset: number; length: number }[] = [];
  parse(text, errors, { allowTrailingComma: false, disallowComments: true });
  const first = errors[0];
  if (!first) return undefined;
  if (text.trim() === "") {
    return { line: 1, column: 1, message: "The file is empty: write one JSON object, { … }." };
  }
  const before = text.slice(0, first.offset).trimEnd();
  const next = text.slice(first.offset).trimStart()[0];
  const trailingComma = before.endsWith(",") && (next === "}" || next === "]");
  const message = trailingComma
    ? `Remove the comma before this ${next}: JSON allows no comma after the last entry`
    : (likelyHabit(text, first.offset, first.length) ??
      WHAT_WAS_EXPECTED[first.error] ??
      "The JSON is not well formed here");
  const at = trailingComma ? before.length - 1 : first.offset;
  return { ...new LineIndex(text).position(at), message: `${message}.` };
}

/** A field written twice in one object: JSON.parse keeps the last and drops the first without a word. */
export interface DuplicateKey extends Position {
  /** The object's path, then the field's name. */
  readonly path: readonly (string | number)[];
}

/** Every field written a second (or third…) time in the same object, where it is written again. */
export function duplicateKeys(text: string): DuplicateKey[] {
  const lines = new LineIndex(text);
  const open: Set<string>[] = [];
  const found: DuplicateKey[] = [];
  visit(
    text,
    {
      onObjectBegin: () => {
        open.push(new Set());
      },
      onObjectEnd: () => {
        open.pop();
      },
      onObjectProperty: (key, offset, _length, _line, _column, pathSupplier) => {
        const seen = open.at(-1);
        if (!seen) return;
        if (seen.has(key)) found.push({ path: [...pathSupplier(), key], ...lines.position(offset) });
        seen.add(key);
      },
    },
    { allowTrailingComma: false, disallowComments: true },
  );
  return found;
}

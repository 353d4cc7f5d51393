/** One parsed CSV record with the 1-based line number it starts on, for error messages. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * RFC 4180 CSV read a piece at a time: quoted fields may hold commas, quotes ("") and line breaks; CRLF or LF line
 * ends; a BOM is ignored. `write` returns the records each piece completes and `end` the last one, so a feed of
 * 100,000 rows is never held as text and records at once (ADR 366). `end` throws on an unterminated quote, because
 * every later row would be misread. Hand-written (ADR 366): it keeps the line each record starts on, which the
 * importer's rejections name, and it is property-tested against any table and any way of cutting the text.
 */
export class CsvReader {
  private fields: string[] = [];
  private field = "";
  private quoted = false;
  private fieldStarted = false;
  private line = 1;
  private recordLine = 1;
  /** The end of the previous piece that needs the next one's first character: a `"` in a quoted field, or a `\r`. */
  private carry = "";
  private atStart = true;

  write(text: string): CsvRecord[] {
    return this.read(text, false);
  }

  end(): CsvRecord[] {
    const records = this.read("", true);
    if (this.quoted) throw new Error(`line ${this.recordLine}: a quoted field is never closed`);
    if (this.field !== "" || this.fields.length > 0) this.endRecord(records);
    return records;
  }

  private endRecord(records: CsvRecord[]): void {
    this.fields.push(this.field);
    if (!(this.fields.length === 1 && this.fields[0] === "")) {
      records.push({ line: this.recordLine, fields: this.fields });
    }
    this.fields = [];
    this.field = "";
    this.fieldStarted = false;
  }

  private read(text: string, last: boolean): CsvRecord[] {
    let input = this.carry + text;
    this.carry = "";
    if (this.atStart && input.length > 0) {
      if (input.charCodeAt(0) === 0xfeff) input = input.slice(1);
      this.atStart = false;
    }
    const records: CsvRecord[] = [];
    for (let i = 0; i < input.length; i++) {
      const c = input[i];
      const next = input[i + 1];
      if (next === undefined && !last && ((this.quoted && c === '"') || c === "\r")) {
        this.carry = c;
        break;
      }
      if (this.quoted) {
        if (c === '"') {
          if (next === '"') {
            this.field += '"';
            i++;
          } else this.quoted = false;
        } else {
          if (c === "\n") this.line++;
          this.field += c;
        }
        continue;
      }
      if (c === '"' && !this.fieldStarted) {
        this.quoted = true;
        this.fieldStarted = true;
      } else if (c === ",") {
        this.fields.push(this.field);
        this.field = "";
        this.fieldStarted = false;
      } else if (c === "\n" || c === "\r") {
        if (c === "\r" && next === "\n") i++;
        this.endRecord(records);
        this.line++;
        this.recordLine = this.line;
      } else {
        this.field += c;
        this.fieldStarted = true;
      }
    }
    return records;
  }
}

/** A whole CSV text's records; throws on an unterminated quote. */
export function parseCsv(text: string): CsvRecord[] {
  const reader = new CsvReader();
  const records = reader.write(text);
  for (const record of reader.end()) records.push(record);
  return records;
}

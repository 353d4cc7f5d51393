import { createReadStream } from "node:fs";
import { JSONParser } from "@streamparser/json";
import { CsvReader, type CsvRecord } from "./csv";
import { FEED_BATCH_ROWS, FeedBatcher, NOT_AN_ARRAY, type ParsedFeed } from "./feed";
import { csvColumns, csvRow, jsonRecord } from "./feed-columns";

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const BOM = [0xef, 0xbb, 0xbf];

/** The first byte that is not whitespace (after a byte-order mark), or undefined when the chunk is only whitespace. */
function firstByte(chunk: Buffer): { byte: number | undefined; from: number } {
  let from = BOM.every((b, i) => chunk[i] === b) ? BOM.length : 0;
  while (from < chunk.length && WHITESPACE.has(chunk[from] as number)) from += 1;
  return { byte: chunk[from], from };
}

/**
 * A JSON feed file read from disk one array element at a time (ADR 327): neither the file's text nor its raw rows are
 * held whole, only the batch being validated, so the import of 100,000 rows stays within its memory goal. A file
 * that is not an array is refused as a JSON feed always was; a file that stops being JSON part-way throws, inside the
 * import's transaction, which then writes nothing.
 */
export function readJsonFeedFile(
  path: string,
  { rowsPerBatch = FEED_BATCH_ROWS, chunkBytes = 64 * 1024 } = {},
): AsyncGenerator<ParsedFeed> {
  return readJsonFeedStream(createReadStream(path, { highWaterMark: chunkBytes }), path, rowsPerBatch);
}

/**
 * A JSON feed read from a stream of bytes (a file, or a feed handed to the running site by the import command, ADR
 * 385) one array element at a time; `label` names it in the error a broken feed throws.
 */
export async function* readJsonFeedStream(
  chunks: AsyncIterable<Buffer | Uint8Array>,
  label: string,
  rowsPerBatch = FEED_BATCH_ROWS,
): AsyncGenerator<ParsedFeed> {
  const batcher = new FeedBatcher(rowsPerBatch);
  const parser = new JSONParser({ paths: ["$.*"], keepStack: false });
  const ready: ParsedFeed[] = [];
  parser.onValue = ({ value, key }) => {
    const full = batcher.add({ line: Number(key) + 1, record: jsonRecord(value) });
    if (full) ready.push(full);
  };
  let started = false;
  const notJson = (error: unknown) =>
    new Error(`${label} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  for await (const read of chunks) {
    let chunk = Buffer.from(read.buffer, read.byteOffset, read.byteLength);
    if (!started) {
      const { byte, from } = firstByte(chunk);
      if (byte === undefined) continue;
      if (byte !== 0x5b /* [ */) {
        yield NOT_AN_ARRAY;
        return;
      }
      started = true;
      chunk = chunk.subarray(from);
    }
    try {
      parser.write(chunk);
    } catch (error) {
      throw notJson(error);
    }
    yield* ready.splice(0);
  }
  if (!started) throw notJson(new Error("the file is empty"));
  // The parser ends itself when the array closes; one that has not ended was cut off part-way.
  if (!parser.isEnded) throw notJson(new Error("the file ends before its array does"));
  yield* ready.splice(0);
  const last = batcher.finish();
  if (last) yield last;
}

/**
 * A CSV feed file read from disk a piece at a time (ADR 366): as the JSON one, only the batch being validated is
 * held, not the file's text and every record (a 52,300-row CSV read whole peaked at 671 MB).
 */
export function readCsvFeedFile(
  path: string,
  { rowsPerBatch = FEED_BATCH_ROWS, chunkBytes = 64 * 1024 } = {},
): AsyncGenerator<ParsedFeed> {
  return readCsvFeedStream(createReadStream(path, { highWaterMark: chunkBytes }), path, rowsPerBatch);
}

/**
 * A CSV feed read from a stream of bytes (a file, or a feed handed to the running site, ADR 385), header row first.
 * UTF-8 split across reads is decoded whole; a quoted field that never closes throws at the end, inside the import's
 * transaction, which then writes nothing.
 */
export async function* readCsvFeedStream(
  chunks: AsyncIterable<Buffer | Uint8Array>,
  label: string,
  rowsPerBatch = FEED_BATCH_ROWS,
): AsyncGenerator<ParsedFeed> {
  const batcher = new FeedBatcher(rowsPerBatch);
  const reader = new CsvReader();
  const decoder = new TextDecoder("utf-8");
  let columns: (string | undefined)[] | null = null;
  const ready: ParsedFeed[] = [];
  const take = (records: CsvRecord[]) => {
    for (const record of records) {
      if (!columns) columns = csvColumns(record);
      else {
        const full = batcher.add(csvRow(columns, record));
        if (full) ready.push(full);
      }
    }
  };
  for await (const chunk of chunks) {
    take(reader.write(decoder.decode(chunk, { stream: true })));
    yield* ready.splice(0);
  }
  try {
    take(reader.write(decoder.decode()));
    take(reader.end());
  } catch (error) {
    throw new Error(`${label}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  yield* ready.splice(0);
  const last = batcher.finish();
  if (last) yield last;
}

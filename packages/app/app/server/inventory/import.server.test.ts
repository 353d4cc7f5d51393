import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pgliteTemplateFile } from "../../../tests/support/databases";
import { type Database, openDatabase } from "../db/client.server";
import { stores, vehicles } from "../db/schema.server";
import { parseCsvFeed, parseJsonFeed, readFeedInBatches } from "./feed";
import { accordFeedRow } from "./feed.test-support";
import { readCsvFeedFile, readJsonFeedFile } from "./feed-file.server";
import { importFeed, toTextArray } from "./import.server";

// VINs with valid North-American check digits.
const [V0, V1, V2, V3] = ["1HGCM82633A004352", "1M8GDM9AXKP042788", "5YJSA1E18HF000337", "1FTFW1ET9DFC10312"] as const;
const HEADER =
  "VIN,Stock,Year,Make,Model,Trim,Body,Condition,Mileage,Price,SalePrice,ExteriorColor,Transmission,Features";
const row = (vin: string, stock: string, price = "18995", sale = "") =>
  `${vin},${stock},2019,Honda,Accord,EX-L,Sedan,Used,"41,200",${price},${sale},Blue,Automatic,Heated Seats|Sunroof`;

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ url: "memory://", dataDir: "unused", memoryTemplate: await pgliteTemplateFile() });
  await database.db.insert(stores).values({ id: "brentwood", name: "Brentwood", profile: {} });
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(vehicles);
});

describe("inventory import", () => {
  it("adds new VINs, updates known ones and marks vehicles missing from a full feed sold, never deleting them", async () => {
    const first = parseCsvFeed([HEADER, row(V0, "A1"), row(V1, "A2"), row(V2, "A3")].join("\n"));
    expect(await importFeed(database.db, "brentwood", first)).toMatchObject({
      applied: true,
      added: 3,
      updated: 0,
      sold: 0,
    });

    const second = parseCsvFeed([HEADER, row(V0, "A1", "19995", "17995"), row(V3, "A4")].join("\n"));
    expect(await importFeed(database.db, "brentwood", second)).toMatchObject({
      applied: true,
      added: 1,
      updated: 1,
      sold: 2,
    });

    const all = await database.db.select().from(vehicles);
    expect(all).toHaveLength(4);
    const sale = all.find((v) => v.vin === V0);
    expect(sale).toMatchObject({
      price: 17995,
      oldPrice: 19995,
      status: "available",
      bodyStyle: "sedans",
      mileage: 41200,
    });
    expect(
      all
        .filter((v) => v.status === "sold")
        .map((v) => v.vin)
        .sort(),
    ).toEqual([V1, V2].sort());
  });

  it("rejects bad rows with their line and reason while the good rows still land", async () => {
    const feed = parseCsvFeed(
      [HEADER, row(V0, "A1"), row("1HGCM82633A004353", "A2"), row(V1, "A3"), row(V2, "A4", "free")].join("\n"),
    );
    expect(feed.rejected).toEqual([
      { line: 3, reason: expect.stringContaining("check digit") },
      { line: 5, reason: expect.stringContaining("price") },
    ]);
    const summary = await importFeed(database.db, "brentwood", feed);
    expect(summary).toMatchObject({ applied: true, added: 2 });
  });

  it("an empty feed or one with more than half its rows rejected changes nothing", async () => {
    await importFeed(database.db, "brentwood", parseCsvFeed([HEADER, row(V0, "A1")].join("\n")));
    expect(await importFeed(database.db, "brentwood", parseCsvFeed(HEADER))).toMatchObject({ applied: false });
    const mostlyBad = parseCsvFeed(
      [HEADER, row(V1, "B1"), row("BADVIN", "B2"), row("1HGCM82633A00435X", "B3")].join("\n"),
    );
    const summary = await importFeed(database.db, "brentwood", mostlyBad);
    expect(summary.applied).toBe(false);
    expect(summary.reason).toMatch(/more than half/);
    const [only] = await database.db.select().from(vehicles).where(eq(vehicles.vin, V0));
    expect(only?.status).toBe("available");
    expect(await database.db.select().from(vehicles)).toHaveLength(1);
  });

  it("stores a row's photos with the vehicle, and a later feed without them takes them away", async () => {
    const header = `${HEADER},Photos`;
    const photos = "https://cdn.dealer.example/v0-1.jpg|https://cdn.dealer.example/v0-2.jpg";
    await importFeed(database.db, "brentwood", parseCsvFeed([header, `${row(V0, "A1")},${photos}`].join("\n")));
    const [stored] = await database.db.select().from(vehicles).where(eq(vehicles.vin, V0));
    expect(stored?.details).toHaveProperty("images", photos.split("|"));

    await importFeed(database.db, "brentwood", parseCsvFeed([header, `${row(V0, "A1")},`].join("\n")));
    const [again] = await database.db.select().from(vehicles).where(eq(vehicles.vin, V0));
    expect(again?.details).not.toHaveProperty("images");
  });

  it("a row with a photo that is not a web address is rejected, the vehicle untouched", async () => {
    const header = `${HEADER},Photos`;
    const feed = parseCsvFeed(
      [header, `${row(V0, "A1")},https://ok.example/1.jpg|javascript:alert(1)`, `${row(V1, "A2")},`].join("\n"),
    );
    expect(feed.rejected).toEqual([{ line: 2, reason: "images.1: each image must be an http or https URL" }]);
    expect(await importFeed(database.db, "brentwood", feed)).toMatchObject({ applied: true, added: 1 });
    expect(await database.db.select().from(vehicles).where(eq(vehicles.vin, V0))).toEqual([]);
  });

  it("a feed for an unknown store changes nothing", async () => {
    const summary = await importFeed(database.db, "nowhere", parseCsvFeed([HEADER, row(V0, "A1")].join("\n")));
    expect(summary).toMatchObject({ applied: false, reason: "there is no store nowhere" });
  });
});

describe("a feed read a batch at a time (ADR 327)", () => {
  const rowsOf = async () =>
    (await database.db.select().from(vehicles)).map((v) => [v.vin, v.status, v.price, v.stockNumber]).sort();
  // Good rows, a repeat of a good VIN, and rows the parser rejects (check digit, price, VIN).
  const POOL = [
    row(V0, "A1"),
    row(V1, "A2", "20995"),
    row(V2, "A3", "15995", "14995"),
    row(V3, "A4"),
    row(V1, "A5", "21995"),
    row("1HGCM82633A004353", "B1"),
    row(V2, "B2", "free"),
    row("BADVIN", "B3"),
  ];
  const BASELINE = [HEADER, row(V2, "Z1"), row(V3, "Z2")].join("\n");

  it("property: any rows in batches of any size land the same vehicles and the same summary as the feed read whole", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...POOL), { maxLength: 8 }),
        fc.integer({ min: 1, max: 9 }),
        fc.boolean(),
        async (rows, rowsPerBatch, full) => {
          const csv = [HEADER, ...rows].join("\n");
          const outcome = async (feed: Parameters<typeof importFeed>[2]) => {
            await database.db.delete(vehicles);
            await importFeed(database.db, "brentwood", parseCsvFeed(BASELINE));
            const summary = await importFeed(database.db, "brentwood", feed, { full, holdAbovePercent: 60 });
            return { summary, rows: await rowsOf() };
          };
          const whole = await outcome(parseCsvFeed(csv));
          const batched = await outcome(readFeedInBatches(csv, "csv", rowsPerBatch));
          expect(batched).toEqual(whole);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("a feed whose rejections pass half only in a later batch rolls back what the earlier batches wrote", async () => {
    const csv = [HEADER, row(V0, "A1"), row(V1, "A2"), row("BADVIN", "B1"), row("BADVIN2", "B2"), row("X", "B3")];
    const summary = await importFeed(database.db, "brentwood", readFeedInBatches(csv.join("\n"), "csv", 2));
    expect(summary).toMatchObject({ applied: false, reason: "3 of 5 rows were rejected (more than half)" });
    expect(summary.rejected.map((r) => r.line)).toEqual([4, 5, 6]);
    expect(await rowsOf()).toEqual([]);
  });

  it("a held full feed read in batches changes nothing, and a JSON file that is not an array is refused by line 0", async () => {
    await importFeed(
      database.db,
      "brentwood",
      parseCsvFeed([HEADER, row(V0, "A1"), row(V1, "A2"), row(V2, "A3")].join("\n")),
    );
    const before = await rowsOf();
    const feed = readFeedInBatches([HEADER, row(V0, "N1", "9995")].join("\n"), "csv", 1);
    const summary = await importFeed(database.db, "brentwood", feed, { holdAbovePercent: 30 });
    expect(summary).toMatchObject({ applied: false, held: { available: 3, wouldSell: 2 } });
    expect(await rowsOf()).toEqual(before);

    expect(await importFeed(database.db, "brentwood", readFeedInBatches('{"vin":"x"}', "json"))).toMatchObject({
      applied: false,
      rejected: [{ line: 0, reason: "a JSON feed must be an array" }],
    });
    expect(() => readFeedInBatches("[{", "json")).toThrow(SyntaxError);
  });
});

describe("the sold-marking's VIN list", () => {
  it("property: any list of strings reaches the database as the same text[] (one parameter, however long the feed)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.string({ unit: "grapheme" }).filter((v) => !v.includes("\0")),
          { maxLength: 20 },
        ),
        async (values) => {
          const result = await database.db.execute(sql`select ${toTextArray(values)}::text[] as list`);
          const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { list: string[] }[];
          expect(rows[0]?.list).toEqual(values);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("a JSON feed file read from disk an element at a time (ADR 327)", () => {
  const dir = mkdtempSync(join(tmpdir(), "showroom-feed-file-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const item = (vin: string, stock: string, price: number) => accordFeedRow(vin, stock, { price });

  it("property: a file of any rows, read in chunks and batches of any size, lands what the same JSON parsed whole does", async () => {
    const pool = [
      item(V0, "A1", 18995),
      item(V1, "A2", 20995),
      item(V1, "A3", 1),
      { vin: "BADVIN" },
      item(V2, "A4", 0),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...pool), { maxLength: 7 }),
        fc.integer({ min: 1, max: 8 }),
        // Chunks as small as one byte split tokens, strings and the leading whitespace across reads.
        fc.integer({ min: 1, max: 200 }),
        async (items, rowsPerBatch, chunkBytes) => {
          const text = `\n${JSON.stringify(items, null, 1)}\n`;
          const outcome = async (feed: Parameters<typeof importFeed>[2]) => {
            await database.db.delete(vehicles);
            const summary = await importFeed(database.db, "brentwood", feed);
            const rows = (await database.db.select().from(vehicles)).map((v) => [v.vin, v.price, v.stockNumber]);
            return { summary, rows: rows.sort() };
          };
          const whole = await outcome(parseJsonFeed(JSON.parse(text)));
          expect(await outcome(readJsonFeedFile(file("feed.json", text), { rowsPerBatch, chunkBytes }))).toEqual(whole);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("a file that is not an array is refused by line 0; one cut off part-way or empty writes nothing and says why", async () => {
    expect(
      await importFeed(database.db, "brentwood", readJsonFeedFile(file("object.json", '{"vin":"x"}'))),
    ).toMatchObject({ applied: false, rejected: [{ line: 0, reason: "a JSON feed must be an array" }] });
    const cut = file("cut.json", JSON.stringify([item(V0, "A1", 18995), item(V1, "A2", 20995)]).slice(0, -20));
    await expect(importFeed(database.db, "brentwood", readJsonFeedFile(cut, { rowsPerBatch: 1 }))).rejects.toThrow(
      `${cut} is not valid JSON: the file ends before its array does`,
    );
    const empty = file("empty.json", " \n");
    await expect(importFeed(database.db, "brentwood", readJsonFeedFile(empty))).rejects.toThrow("the file is empty");
    expect(await database.db.select().from(vehicles)).toEqual([]);
  });
});

describe("a CSV feed file read from disk a piece at a time (ADR 366)", () => {
  const dir = mkdtempSync(join(tmpdir(), "showroom-csv-file-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const outcome = async (feed: Parameters<typeof importFeed>[2]) => {
    await database.db.delete(vehicles);
    const summary = await importFeed(database.db, "brentwood", feed);
    const rows = (await database.db.select().from(vehicles)).map((v) => [v.vin, v.price, v.stockNumber, v.trim]);
    return { summary, rows: rows.sort() };
  };

  it("property: a file of any rows, with a BOM or CRLF, read in chunks and batches of any size, lands what the same CSV parsed whole does", async () => {
    const pool = [
      row(V0, "A1"),
      row(V1, "A2", "20995", "19995"),
      row(V1, "A3"),
      "BADVIN,A9,2019,Honda",
      row(V2, "A4", "0"),
      // A multi-byte character and a quoted line break, for chunks to split.
      `${V3},"A5",2020,Honda,Accord,"Touring\nÉdition",Sedan,Used,100,21995,,Blue,Automatic,`,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...pool), { maxLength: 7 }),
        fc.boolean(),
        fc.constantFrom("\n", "\r\n"),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 200 }),
        async (rows, bom, eol, rowsPerBatch, chunkBytes) => {
          const text = (bom ? "\ufeff" : "") + [HEADER, ...rows].join(eol) + eol;
          const whole = await outcome(parseCsvFeed(text));
          expect(await outcome(readCsvFeedFile(file("feed.csv", text), { rowsPerBatch, chunkBytes }))).toEqual(whole);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("a quoted field never closed throws with the file and line, and writes nothing, however the file is read", async () => {
    const broken = file("broken.csv", [HEADER, row(V0, "A1"), row(V2, "A3"), `${V1},"A2,2019\n`].join("\n"));
    await expect(
      importFeed(database.db, "brentwood", readCsvFeedFile(broken, { rowsPerBatch: 1, chunkBytes: 7 })),
    ).rejects.toThrow(`${broken}: line 4: a quoted field is never closed`);
    expect(await database.db.select().from(vehicles)).toEqual([]);
  });
});

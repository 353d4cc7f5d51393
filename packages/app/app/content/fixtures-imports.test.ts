import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `@showroom/fixtures` is a production package: the app reads its content, translations, documents and VIN decoder
 * at run time (ADR 317). Its root export (schemas, the route table, pure helpers) may be imported anywhere; its files
 * and its file-reading `./server` entry are read by one module per kind of data, listed here, so loading stays in
 * one place and a new reader is a decision rather than a copy.
 */
const READERS: readonly { readonly what: RegExp; readonly modules: readonly string[] }[] = [
  // Content, dealers and inventory metadata: parsed once with the fixtures' schemas.
  { what: /^@showroom\/fixtures\/(content|dealers|inventory)\//, modules: ["app/content/fixtures.server.ts"] },
  // Translations; the last-resort error page and the boot script carry errors.json themselves, since they must
  // render when the loader that serves translations has failed.
  {
    what: /^@showroom\/fixtures\/translations\//,
    modules: ["app/content/translations.server.ts", "app/root.tsx", "app/components/boot-script.server.ts"],
  },
  // Files read from disk: Markdown documents, the dealers to seed a database with, the VIN decoder's database.
  {
    what: /^@showroom\/fixtures\/server$/,
    modules: [
      "app/content/documents.server.ts",
      "app/server/seed.server.ts",
      "app/server/valuation/vin-decoder.server.ts",
    ],
  },
  // The package's folder on disk, for the media it serves.
  { what: /^@showroom\/fixtures\/package\.json$/, modules: ["app/content/fixtures-root.server.ts"] },
];

// The package's production code: the routes and their modules, the Express server, the operator commands.
const PACKAGE = new URL("../..", import.meta.url).pathname;
const PRODUCTION_FOLDERS = ["app", "server", "scripts"];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sources(path);
    return /\.(tsx?|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every `@showroom/fixtures/…` module specifier a production module of the package names, with the module. */
function fixtureSubpaths(): { module: string; specifier: string }[] {
  return PRODUCTION_FOLDERS.flatMap((folder) => sources(join(PACKAGE, folder))).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/["'](@showroom\/fixtures\/[^"']+)["']/g)].map((match) => ({
      module: relative(PACKAGE, file),
      specifier: match[1] as string,
    })),
  );
}

describe("where the app loads fixtures from", () => {
  it("reads each kind of fixture file only through its listed module", () => {
    const found = fixtureSubpaths();
    expect(found.length).toBeGreaterThan(0);
    const misplaced = found.filter(({ module, specifier }) => {
      const reader = READERS.find((r) => r.what.test(specifier));
      return !reader?.modules.includes(module);
    });
    expect(misplaced).toEqual([]);
  });
});

import { readdir, readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { schemaFiles } from "../scripts/schema-files";
import { allRuleFiles } from "../src/rule-files";

const schemasDir = new URL("../schemas/", import.meta.url);
const rulesDir = new URL("../rules/", import.meta.url);

describe("generated JSON Schemas", () => {
  it("the committed schemas equal freshly generated ones (run `npm run schemas -w packages/rules`)", async () => {
    const fresh = schemaFiles();
    const committed = (await readdir(schemasDir)).filter((n) => n.endsWith(".schema.json")).sort();
    expect(committed).toEqual(fresh.map((f) => f.fileName).sort());
    for (const file of fresh) {
      expect(await readFile(new URL(file.fileName, schemasDir), "utf8"), file.fileName).toBe(file.text);
    }
  });

  it("generation is deterministic", () => {
    expect(schemaFiles()).toEqual(schemaFiles());
  });

  it("every default rule file starts with its $schema", async () => {
    for (const file of allRuleFiles) {
      const json = JSON.parse(await readFile(new URL(file.name, rulesDir), "utf8"));
      expect(Object.keys(json)[0], file.name).toBe("$schema");
      expect(json.$schema, file.name).toBe(`../schemas/${file.name.replace(/\.json$/, ".schema.json")}`);
    }
  });
});

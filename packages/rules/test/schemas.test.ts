import { readdir, readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { schemaFiles } from "../scripts/schema-files";
import { allRuleFiles } from "../src/rule-files";

const schemasDir = new URL("../schemas/", import.meta.url);
const rulesDir = new URL("../rules/", import.meta.url);

// biome-ignore lint/suspicious/noExplicitAny: walking generated JSON Schema
type SchemaNode = any;

/** Every property of a JSON Schema (through $ref, items, anyOf…) that carries no description, by path. */
function undescribed(schema: SchemaNode): string[] {
  const defs = schema.$defs ?? {};
  const out: string[] = [];
  const seen = new Set<SchemaNode>();
  const target = (node: SchemaNode) => (node?.$ref ? defs[node.$ref.split("/").pop()] : undefined);
  const walk = (node: SchemaNode, path: string) => {
    if (!node || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    walk(target(node), path);
    for (const [key, child] of Object.entries<SchemaNode>(node.properties ?? {})) {
      if (!child.description && !target(child)?.description) out.push(`${path}.${key}`);
      walk(child, `${path}.${key}`);
    }
    for (const key of ["items", "additionalProperties", "not"]) walk(node[key], `${path}[]`);
    for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"])
      for (const child of node[key] ?? []) walk(child, path);
  };
  walk(schema, "$");
  return out;
}

describe("generated JSON Schemas", () => {
  it("describe every property of every rule file, for an editor's hover and completion", () => {
    for (const file of schemaFiles()) {
      const schema = JSON.parse(file.text);
      expect(undescribed(schema), file.fileName).toEqual([]);
      expect(Object.keys(schema.properties).length, file.fileName).toBeGreaterThan(1);
    }
  });

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

import { z } from "zod";
import { schemaFileName } from "../src/bin/init";
import { allRuleFiles } from "../src/rule-files";
import type { RuleFile } from "../src/shared/rule-file";

/** A generated JSON Schema file: its name in `schemas/` and its exact text. */
export interface SchemaFile {
  readonly fileName: string;
  readonly text: string;
}

export { schemaFileName };

/**
 * The JSON Schema of every rule file, from its zod schema. The input side is described (what an analyst writes),
 * and the text is fixed by the schema alone (stable key order, two-space indent, final newline) so regenerating
 * without a schema change leaves the files byte for byte the same.
 */
export function schemaFiles(ruleFiles: readonly RuleFile[] = allRuleFiles): SchemaFile[] {
  return [...ruleFiles]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((file) => {
      const generated = z.toJSONSchema(file.schema, { target: "draft-2020-12", io: "input", unrepresentable: "throw" });
      const { $schema, ...rest } = generated;
      const schema = { $schema, title: file.name, description: file.description, ...rest };
      return { fileName: schemaFileName(file.name), text: `${JSON.stringify(schema, null, 2)}\n` };
    });
}

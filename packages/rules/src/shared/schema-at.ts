// A zod schema followed along a path of a rule file, to say what the file may write there (ADR 216).
import type { $ZodType } from "zod/v4/core";
import { globalRegistry } from "zod/v4/core";

/**
 * The schema that validates the value at `path`, as far as the path can be followed. Given the file's `json`, a
 * union is followed into the branch whose fixed values (`"operator": "in"`, `"logicOperation": "base"`) the value
 * written there has, so a field is described as that branch describes it.
 */
export function schemaAt(
  schema: $ZodType | undefined,
  path: readonly PropertyKey[],
  json?: unknown,
): $ZodType | undefined {
  let current = schema;
  let value = json;
  for (const key of path) {
    current = unwrapped(current);
    if (!current) return undefined;
    const def = current._zod.def as unknown as Record<string, unknown> & { type: string };
    if (def.type === "object") current = (def.shape as Record<string, $ZodType>)[key as string];
    else if (def.type === "array") current = def.element as $ZodType;
    else if (def.type === "record") current = def.valueType as $ZodType;
    else if (def.type === "tuple") current = (def.items as $ZodType[])[key as number];
    else if (def.type === "union") {
      const written = value;
      const options = [...(def.options as $ZodType[])].sort((a, b) => clashes(a, written) - clashes(b, written));
      current = options.map((o) => schemaAt(o, [key], written)).find((s) => s !== undefined);
    } else return undefined;
    value = typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return current;
}

/** How many of an object branch's fixed values (literals, enums) the written object contradicts. */
function clashes(option: $ZodType, value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  const written = value as Record<string, unknown>;
  const def = unwrapped(option)?._zod.def as unknown as { shape?: Record<string, $ZodType> } | undefined;
  return Object.entries(def?.shape ?? {}).filter(([key, field]) => {
    const values = (unwrapped(field)?._zod as unknown as { values?: Set<unknown> } | undefined)?.values;
    return values !== undefined && key in written && !values.has(written[key]);
  }).length;
}

/** The schema inside wrappers that do not change the shape (optional, default, pipe's input, lazy…). */
function unwrapped(schema: $ZodType | undefined): $ZodType | undefined {
  let current = schema;
  for (let guard = 0; current && guard < 20; guard++) {
    const def = current._zod.def as unknown as Record<string, unknown> & { type: string };
    if (["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"].includes(def.type)) {
      current = def.innerType as $ZodType;
    } else if (def.type === "pipe") current = def.in as $ZodType;
    else if (def.type === "lazy") current = (def.getter as () => $ZodType)();
    else return current;
  }
  return current;
}

/** The fields an object schema allows; for a union of objects, those of the branch that fits `value` best. */
export function fieldsOf(schema: $ZodType | undefined, value: unknown): string[] {
  const inner = unwrapped(schema);
  const def = inner?._zod.def as unknown as
    | { type: string; shape?: Record<string, unknown>; options?: $ZodType[] }
    | undefined;
  if (def?.type === "object" && def.shape) return Object.keys(def.shape);
  if (def?.type !== "union" || !def.options) return [];
  const written = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  // The branch whose fixed values (logicOperation: "base", …) the value has, then the one knowing most of its fields.
  const fit = (option: $ZodType) => {
    const fields = fieldsOf(option, value);
    return {
      fields,
      score:
        Object.keys(written).filter((k) => fields.includes(k)).length -
        10 * clashes(option, value) -
        fields.length / 100,
    };
  };
  const ranked = def.options.map(fit).filter((b) => b.fields.length > 0);
  const best = Math.max(...ranked.map((b) => b.score));
  // Branches the value fits equally well (`"alll"` fits all, any and not alike): every field any of them allows.
  return [...new Set(ranked.filter((b) => b.score === best).flatMap((b) => b.fields))];
}

/** The description the schema gives the value at `path`, if any. */
export function descriptionAt(
  schema: $ZodType | undefined,
  path: readonly PropertyKey[],
  json?: unknown,
): string | undefined {
  let current = schemaAt(schema, path, json);
  for (let guard = 0; current && guard < 20; guard++) {
    const description = globalRegistry.get(current)?.description;
    if (description) return description;
    const def = current._zod.def as unknown as Record<string, unknown>;
    const inner = (def.innerType ?? def.in) as $ZodType | undefined;
    if (!inner || inner === current) return undefined;
    current = inner;
  }
  return undefined;
}

/**
 * The shape every posted form must have before any schema reads it. Conform turns a field name into a path
 * (`residences[2].city`) and builds the value it names: `x[99999999]=1` became an array of a hundred million items,
 * and a name two thousand levels deep overflowed the stack. These bounds sit far above what any form of the site
 * posts (the credit application, the largest, sends a few hundred fields with list indexes below
 * `NUMBER_LIMITS.maxHistoryEntries`), so a real shopper never meets them; a post past one is refused whole
 * (docs/decisions/303).
 */
export const FORM_SHAPE_LIMITS = {
  /** Entries in one post, repeated names counted each time. */
  maxFields: 1000,
  /** Characters of one field name. */
  maxNameLength: 120,
  /** The largest list index a name may carry (`name[63]`). */
  maxListIndex: 63,
  /** Segments of one name: `coBorrower.residences[0].city` has four. */
  maxDepth: 8,
} as const;

/** Why a posted form was refused, in words a person (or the developer of a client) can act on. */
export type FormShapeProblem =
  | { kind: "tooManyFields"; message: string }
  | { kind: "nameTooLong"; message: string }
  | { kind: "badName"; message: string }
  | { kind: "indexTooLarge"; message: string }
  | { kind: "tooDeep"; message: string };

// Conform's own path grammar (parsePath in @conform-to/dom): a key, or a bracketed index, optionally separated by one
// dot. Names are checked with the same grammar so that nothing that passes here can make Conform throw.
const SEGMENT = /([^.[\]]+)|\[(\d*)\]/y;
const RESERVED_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Checks the field names of a post against `FORM_SHAPE_LIMITS` and Conform's path grammar; `null` when the form may
 * be parsed. Never echoes a name back: the message says what is wrong, not what was sent.
 */
export function checkFormShape(names: Iterable<string>): FormShapeProblem | null {
  let count = 0;
  for (const name of names) {
    count += 1;
    if (count > FORM_SHAPE_LIMITS.maxFields) {
      return {
        kind: "tooManyFields",
        message: `This form sent more than ${FORM_SHAPE_LIMITS.maxFields.toLocaleString("en-US")} fields, more than any form of this site has.`,
      };
    }
    const problem = checkName(name);
    if (problem) return problem;
  }
  return null;
}

function checkName(name: string): FormShapeProblem | null {
  if (name.length > FORM_SHAPE_LIMITS.maxNameLength) {
    return {
      kind: "nameTooLong",
      message: `A field name is longer than ${FORM_SHAPE_LIMITS.maxNameLength} characters, longer than any field of this site.`,
    };
  }
  let at = 0;
  let depth = 0;
  while (at < name.length) {
    // One dot may separate two segments; a leading, doubled or trailing dot is not a field name.
    if (depth > 0 && name[at] === ".") at += 1;
    SEGMENT.lastIndex = at;
    const match = SEGMENT.exec(name);
    if (!match) return badName();
    const [, key, index] = match;
    if (key !== undefined && RESERVED_KEYS.has(key)) return badName();
    if (
      index !== undefined &&
      index !== "" &&
      !(index.length <= 3 && Number(index) <= FORM_SHAPE_LIMITS.maxListIndex)
    ) {
      return {
        kind: "indexTooLarge",
        message: `A field's list index is above ${FORM_SHAPE_LIMITS.maxListIndex}; no list on this site is that long.`,
      };
    }
    depth += 1;
    if (depth > FORM_SHAPE_LIMITS.maxDepth) {
      return {
        kind: "tooDeep",
        message: `A field name is nested more than ${FORM_SHAPE_LIMITS.maxDepth} levels deep, deeper than any field of this site.`,
      };
    }
    at = SEGMENT.lastIndex;
  }
  return null;
}

function badName(): FormShapeProblem {
  return {
    kind: "badName",
    message: "A field name is not one a form of this site sends (use letters, dots and [n] list indexes).",
  };
}

import { jsonPath } from "../shared/rule-file";

/**
 * What a JSON path points at, in an analyst's words: the rule's name or the question's text instead of
 * `$.rules[3]`, and the field inside it (`conditions.all[0].value`). Known files get their own vocabulary; any other
 * file is described by the names its entries carry.
 */
export function subjectOf(file: string, json: unknown, path: readonly PropertyKey[]): string | undefined {
  const { words, rest } = describe(file, json, path);
  const field = rest.length > 0 ? jsonPath(rest).replace(/^\$\.?/, "") : "";
  if (words.length === 0) return field === "" ? undefined : field;
  return field === "" ? words.join(", ") : `${words.join(", ")} › ${field}`;
}

interface Described {
  readonly words: string[];
  /** The part of the path the words do not cover. */
  readonly rest: readonly PropertyKey[];
}

type Json = Record<string, unknown> | unknown[] | undefined;

function at(value: unknown, key: PropertyKey): unknown {
  if (typeof value !== "object" || value === null) return undefined;
  return (value as Record<PropertyKey, unknown>)[key];
}

const quoted = (text: unknown) => (typeof text === "string" && text !== "" ? JSON.stringify(text) : undefined);
const OFFER_NAMES: Readonly<Record<string, string>> = {
  cashNow: "Cash Now",
  moreCashLater: "More Cash Later",
  bringVehicleIn: "Bring it in",
};

function describe(file: string, json: unknown, path: readonly PropertyKey[]): Described {
  const [first, second, ...tail] = path;
  switch (file) {
    case "questionnaire.json":
      if (first === "questions" && typeof second === "number") return question(at(at(json, first), second), tail);
      if (first === "categories" && typeof second === "number") {
        const step = at(at(json, first), second);
        const title = quoted(at(step, "categoryTitle"));
        return { words: [`step ${second + 1}${title ? ` (${title})` : ""}`], rest: tail };
      }
      break;
    case "offer-outcomes.json":
      if (first === "rules" && typeof second === "number") {
        const name = quoted(at(at(at(json, first), second), "name"));
        return { words: [name ? `rule ${name}` : `rule ${second + 1} (no name)`], rest: tail };
      }
      break;
    case "offer-settings.json":
      if (typeof first === "string" && OFFER_NAMES[first])
        return offerSetting(OFFER_NAMES[first], at(json, first), path.slice(1));
      break;
  }
  return generic(json, path);
}

function question(value: unknown, rest: readonly PropertyKey[]): Described {
  const id = at(value, "questionId");
  const text = quoted(at(value, "text"));
  const words = [`question ${typeof id === "string" ? id : "?"}${text ? ` (${text})` : ""}`];
  const [key, index, ...tail] = rest;
  if (key === "answers" && typeof index === "number") {
    const answer = at(at(value, key), index);
    words.push(`answer ${quoted(at(answer, "label")) ?? quoted(at(answer, "value")) ?? index + 1}`);
    const [dKey, dIndex, ...dTail] = tail;
    if (dKey === "deduction" && typeof dIndex === "number") {
      const name = quoted(at(at(at(answer, dKey), dIndex), "name"));
      words.push(`deduction line ${dIndex + 1}${name ? ` (${name})` : ""}`);
      return { words, rest: dTail };
    }
    return { words, rest: tail };
  }
  return { words, rest };
}

function offerSetting(offerName: string, value: unknown, rest: readonly PropertyKey[]): Described {
  const words = [offerName];
  const [key, index, ...tail] = rest;
  if (key === "priceRules" && typeof index === "number") {
    const name = quoted(at(at(at(value, key), index), "name"));
    words.push(name ? `price rule ${name}` : `price rule ${index + 1}`);
    return { words, rest: tail };
  }
  if (key === "stepPayments" && typeof index === "number") {
    words.push(index === 0 ? "reserve check" : "profit-sharing check");
    return { words, rest: tail };
  }
  return { words, rest };
}

/** Entries of lists named by their `name`, `id`, `slug`, `label` or `value`, else by their position. */
function generic(json: unknown, path: readonly PropertyKey[]): Described {
  const words: string[] = [];
  let value = json as Json;
  let covered = 0;
  for (const [i, key] of path.entries()) {
    const child = at(value, key);
    if (typeof key === "number") {
      const parent = path[i - 1];
      const label = ["name", "id", "slug", "label", "value"].map((k) => quoted(at(child, k))).find(Boolean);
      const list = parent === "entries" || typeof parent !== "string" ? "entry" : parent;
      words.push(label ? `${list} ${label}` : `${list} entry ${key + 1}`);
      covered = i + 1;
    }
    value = child as Json;
  }
  const lastNamed = path.findLastIndex((k) => typeof k === "number");
  return lastNamed === -1 ? { words: [], rest: path } : { words, rest: path.slice(covered) };
}

import { plainProblems } from "../shared/plain-problems";
import { jsonPath } from "../shared/rule-file";
import { type PopupProblem, popupProblems } from "./page-rules";
import { type PopupDefinition, popupDefinitionSchema } from "./popup.schema";

/** A popup list as the site can use it: the valid popups, and everything that was wrong. */
export interface ParsedPopupList {
  readonly popups: readonly PopupDefinition[];
  readonly problems: readonly PopupProblem[];
}

function idOf(item: unknown): string | null {
  return typeof item === "object" && item !== null && "id" in item && typeof item.id === "string" ? item.id : null;
}

/**
 * Reads a popup list from outside (the fixtures, or an experiment that replaces the list) one popup at a time: an
 * invalid popup or a repeated id is left out, an invalid param rule is kept but never matches, and each is reported
 * with its JSON path. Never throws, so one bad popup cannot take the others down.
 */
export function parsePopupList(json: unknown): ParsedPopupList {
  if (!Array.isArray(json)) {
    return { popups: [], problems: [{ popupId: null, path: "$", message: "A popup list must be a list of popups." }] };
  }
  const popups: PopupDefinition[] = [];
  const problems: PopupProblem[] = [];
  const seen = new Set<string>();
  json.forEach((item, index) => {
    const parsed = popupDefinitionSchema.safeParse(item);
    if (!parsed.success) {
      for (const problem of plainProblems("popups", parsed.error.issues, {
        json: item,
        schema: popupDefinitionSchema,
      })) {
        problems.push({ popupId: idOf(item), path: `$[${index}]${problem.path.slice(1)}`, message: problem.message });
      }
      return;
    }
    if (seen.has(parsed.data.id)) {
      problems.push({
        popupId: parsed.data.id,
        path: jsonPath([index, "id"]),
        message: `Popup id ${parsed.data.id} is repeated.`,
      });
      return;
    }
    seen.add(parsed.data.id);
    popups.push(parsed.data);
    problems.push(...popupProblems(parsed.data, [index]));
  });
  return { popups, problems };
}

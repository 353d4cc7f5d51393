import type { CreditApplicationEvent, CreditApplicationStep } from "@showroom/rules/credit-application";
import { addEntry, ENTRY_LISTS, type EntryList, type FlatValues, removeEntry } from "./credit-application-entries";
import { FULL_CREDIT_STEPS } from "./full-credit.schema";

const STEPS: readonly CreditApplicationStep[] = FULL_CREDIT_STEPS;

/**
 * The stepper event a form button asks for, by its `intent`: continue, back, edit:{step}, add:{list},
 * remove:{list}:{index}, submit. `own` is the step's posted answers (SSNs kept when left blank). The server (JavaScript
 * off) and the browser's stepper map buttons the same way.
 */
export function eventForIntent(intent: string, own: FlatValues): CreditApplicationEvent {
  const add = /^add:(.+)$/.exec(intent);
  if (add && ENTRY_LISTS.includes(add[1] as EntryList))
    return { type: "SAVE", values: addEntry(own, add[1] as EntryList) };
  const remove = /^remove:(.+):(\d+)$/.exec(intent);
  if (remove && ENTRY_LISTS.includes(remove[1] as EntryList)) {
    return { type: "SAVE", values: removeEntry(own, remove[1] as EntryList, Number(remove[2])) };
  }
  if (intent === "back") return { type: "BACK", values: own };
  const edit = /^edit:(.+)$/.exec(intent);
  if (edit && STEPS.includes(edit[1] as CreditApplicationStep))
    return { type: "EDIT", step: edit[1] as CreditApplicationStep };
  if (intent === "submit") return { type: "SUBMIT", values: own };
  return { type: "CONTINUE", values: own };
}

import type { RuleFile } from "../shared/rule-file";
import { defaultQuestionnaire } from "./default-questionnaire";
import { questionnaireSchema } from "./questionnaire.schema";

/** The rule files of this area, with the defaults that ship in `rules/`. */
export const ruleFiles: readonly RuleFile[] = [
  {
    name: "questionnaire.json",
    description:
      "Sell/trade questionnaire: questions, the conditions that show them, their answers with deductions, and the five steps.",
    schema: questionnaireSchema,
    defaults: defaultQuestionnaire,
  },
];

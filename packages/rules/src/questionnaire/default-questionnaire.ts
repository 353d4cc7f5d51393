import questionnaireJson from "../../rules/questionnaire.json" with { type: "json" };
import { type Questionnaire, questionnaireSchema } from "./questionnaire.schema";
import { parseWithProblems } from "./rule-problems";

/** The questionnaire that ships in `rules/questionnaire.json`, validated. */
export const defaultQuestionnaire: Questionnaire = parseWithProblems(
  questionnaireSchema,
  questionnaireJson,
  "questionnaire.json",
);

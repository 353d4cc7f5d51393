import questionnaireJson from "../../rules/questionnaire.json" with { type: "json" };
import type { Questionnaire } from "./questionnaire.schema";

/**
 * The questionnaire that ships in `rules/questionnaire.json`, validated when the package is built and by the tests
 * rather than when this module loads (ADR 211).
 */
export const defaultQuestionnaire: Questionnaire = questionnaireJson as unknown as Questionnaire;

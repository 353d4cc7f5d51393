import { z } from "zod";
import { topLevelConditionSchema } from "../questionnaire/conditions.schema";
import { RULE_REASONS } from "./reasons";

export const OFFER_KINDS = ["cashNow", "moreCashLater"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

const reasonSchema = z.enum(RULE_REASONS);

const bringInEvent = z.strictObject({
  type: z.literal("bring-in").describe("No online price: the shopper is asked to bring the vehicle in."),
  params: z.strictObject({ reason: reasonSchema }),
});
const withholdEvent = z.strictObject({
  type: z.literal("withhold").describe("One offer gets no price; the other may still be made."),
  params: z.strictObject({ offer: z.enum(OFFER_KINDS), reason: reasonSchema }),
});

/** A json-rules-engine rule whose event brings the vehicle in, or withholds one offer, when its conditions hold. */
export const outcomeRuleSchema = z.strictObject({
  name: z.string().min(1).optional().describe("For people reading the file and the simulation."),
  priority: z.int().min(1).optional().describe("json-rules-engine priority; higher runs first. Order of reasons only."),
  conditions: topLevelConditionSchema,
  event: z.discriminatedUnion("type", [bringInEvent, withholdEvent]),
});

/** `offer-outcomes.json`: when there is no online price (bring it in), and when one offer is withheld. */
export const offerOutcomesSchema = z.strictObject({
  $schema: z.string().optional(),
  rules: z.array(outcomeRuleSchema).describe("Every rule that holds adds its reason; all reasons are reported."),
});

export type OutcomeRule = z.infer<typeof outcomeRuleSchema>;
export type OfferOutcomes = z.infer<typeof offerOutcomesSchema>;

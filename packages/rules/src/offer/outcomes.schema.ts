import { z } from "zod";
import { topLevelConditionSchema } from "../questionnaire/conditions.schema";
import { RULE_REASONS } from "./reasons";

/** The description of every rule file's `$schema` key. */
export const SCHEMA_KEY = "Where an editor finds this file's JSON Schema, for autocompletion and checks.";

export const OFFER_KINDS = ["cashNow", "moreCashLater"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

const reasonSchema = z
  .enum(RULE_REASONS)
  .describe("The reason shown to the shopper, one of the codes the site has words for, like mileage.");

const bringInEvent = z.strictObject({
  type: z.literal("bring-in").describe("No online price: the shopper is asked to bring the vehicle in."),
  params: z.strictObject({ reason: reasonSchema }).describe("Why the vehicle must be brought in."),
});
const withholdEvent = z.strictObject({
  type: z.literal("withhold").describe("One offer gets no price; the other may still be made."),
  params: z
    .strictObject({
      offer: z.enum(OFFER_KINDS).describe("The offer withheld: cashNow or moreCashLater."),
      reason: reasonSchema,
    })
    .describe("Which offer is withheld, and why."),
});

/** A json-rules-engine rule whose event brings the vehicle in, or withholds one offer, when its conditions hold. */
export const outcomeRuleSchema = z.strictObject({
  name: z.string().min(1).optional().describe("For people reading the file and the simulation."),
  priority: z.int().min(1).optional().describe("json-rules-engine priority; higher runs first. Order of reasons only."),
  conditions: topLevelConditionSchema,
  event: z
    .discriminatedUnion("type", [bringInEvent, withholdEvent])
    .describe('What happens when the conditions hold: "bring-in" with a reason, or "withhold" one offer.'),
});

/** `offer-outcomes.json`: when there is no online price (bring it in), and when one offer is withheld. */
export const offerOutcomesSchema = z.strictObject({
  $schema: z.string().optional().describe(SCHEMA_KEY),
  rules: z.array(outcomeRuleSchema).describe("Every rule that holds adds its reason; all reasons are reported."),
});

export type OutcomeRule = z.infer<typeof outcomeRuleSchema>;
export type OfferOutcomes = z.infer<typeof offerOutcomesSchema>;

import { z } from "zod";
import { emailSchema } from "../fields/contact-fields";
import { formMeta } from "../fields/form-meta";
import { VIN_PATTERN } from "../fields/vin";
import { MESSAGES } from "../messages";

/** The longest search address an alert keeps (a path and its query, as the search page's URL grammar writes them). */
const ALERT_SEARCH_MAX = 2_000;

/**
 * An email alert (issue 28): the address, and what to watch, either a search (its path and query on this site) or
 * one vehicle (its VIN). No consent box: the confirmation email is the consent (double opt-in), and nothing else is
 * sent before it is answered.
 */
export const alertSubscribeSchema = formMeta
  .extend({
    email: emailSchema,
    search: z
      .string({ error: MESSAGES.choice })
      .trim()
      .max(ALERT_SEARCH_MAX, { error: MESSAGES.choice })
      .regex(/^\/[^/\\]/, { error: MESSAGES.choice })
      .optional(),
    vin: z.preprocess(
      (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
      z.string({ error: MESSAGES.vin }).regex(VIN_PATTERN, { error: MESSAGES.vin }).optional(),
    ),
  })
  .refine((value) => (value.search === undefined) !== (value.vin === undefined), {
    error: MESSAGES.choice,
    path: ["search"],
  });

export type AlertSubscribeInput = z.input<typeof alertSubscribeSchema>;
export type AlertSubscribeSubmission = z.output<typeof alertSubscribeSchema>;

/**
 * The buttons of an alert's page: confirm it, turn it (or another alert of the same address) off. A mailbox's
 * one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` instead, which means "turn this alert off".
 */
export const alertManageSchema = z
  .object({
    intent: z.enum(["confirm", "unsubscribe"], { error: MESSAGES.choice }).optional(),
    "List-Unsubscribe": z.literal("One-Click", { error: MESSAGES.choice }).optional(),
    alert: z.uuid({ error: MESSAGES.choice }).optional(),
  })
  .refine((value) => value.intent !== undefined || value["List-Unsubscribe"] !== undefined, {
    error: MESSAGES.choice,
    path: ["intent"],
  });

export type AlertManageSubmission = z.output<typeof alertManageSchema>;

/** What a valid manage post asks for: a one-click post is an unsubscribe. */
export function alertManageIntent(value: AlertManageSubmission): "confirm" | "unsubscribe" {
  return value.intent ?? "unsubscribe";
}

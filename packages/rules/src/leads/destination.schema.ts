import { z } from "zod";

/** Destination names: the form kinds (DEFAULT, CONTACT_SALES, …) or any other upper-case name a setting refers to. */
export const destinationNameSchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]*$/, "A destination name is upper case letters, digits and underscores");

/** What the ADF `<provider>` element says about where the lead came from; unset parts come from the store. */
export const adfProviderSchema = z.strictObject({
  name: z.string().min(1).describe("The lead provider's name in the ADF provider block, like Showroom."),
  service: z.string().optional().describe("The provider's service name, like Website lead form."),
  url: z.string().optional().describe("The provider's web address."),
  email: z.string().optional().describe("The provider's email address."),
  phone: z.string().optional().describe("The provider's phone number."),
});
export type AdfProvider = z.infer<typeof adfProviderSchema>;

/**
 * One lead email setting (spec section 3, "Lead email configuration"): type, subject, to, provider, plus the data
 * that models provider-specific behaviour. Every key is optional because an object is merged over DEFAULT.
 */
export const destinationSettingsSchema = z.strictObject({
  type: z.enum(["adf", "text"]).optional().describe("adf for a CRM mailbox, text for people; default text"),
  subject: z
    .string()
    .min(1)
    .regex(/^[^\r\n]*$/, "A subject is one line")
    .optional()
    .describe('Email subject; default "Website Lead"'),
  to: z
    .array(z.email("Please enter a valid email address"))
    .min(1, "List at least one recipient")
    .optional()
    .describe("Recipients; replaces DEFAULT's list"),
  provider: z.string().optional().describe("The CRM product that reads this mailbox, for people to know"),
  mergeCommentsIntoTop: z
    .boolean()
    .optional()
    .describe("The CRM reads one comments block: vehicle comments join the customer's (ADR 041)"),
  adParams: z
    .array(z.string().min(1))
    .optional()
    .describe("Ad parameters appended to text leads; any other parameter is left out"),
  adfProvider: adfProviderSchema.optional().describe("The ADF <provider>; default Showroom with the store's contact"),
});
export type DestinationSettings = z.infer<typeof destinationSettingsSchema>;

/**
 * The lead destinations file: for each form kind (or any other name), either the name of another destination or
 * settings merged over DEFAULT. DEFAULT is settings with at least one recipient; every name must lead, without a
 * loop, to settings.
 */
export const leadDestinationsSchema = z
  .object({
    $schema: z
      .string()
      .optional()
      .describe("Where an editor finds this file's JSON Schema, for autocompletion and checks."),
    destinations: z
      .record(destinationNameSchema, z.union([destinationNameSchema, destinationSettingsSchema]))
      .describe("Per form kind (or any name): the name of another destination, or settings merged over DEFAULT"),
  })
  .superRefine(({ destinations }, ctx) => {
    const fallback = destinations.DEFAULT;
    if (typeof fallback !== "object" || !fallback.to?.length) {
      ctx.addIssue({
        code: "custom",
        message: "DEFAULT must be settings with at least one recipient in to",
        path: ["destinations", "DEFAULT"],
      });
    }
    for (const [name, entry] of Object.entries(destinations)) {
      if (typeof entry !== "string") continue;
      const seen = new Set([name]);
      let target: string = entry;
      for (;;) {
        const next = destinations[target];
        if (next === undefined) {
          ctx.addIssue({
            code: "custom",
            message: `${name} names ${target}, which is not a configured destination`,
            path: ["destinations", name],
          });
          break;
        }
        if (seen.has(target)) {
          ctx.addIssue({
            code: "custom",
            message: `${name} names destinations in a loop: ${[...seen, target].join(" → ")}`,
            path: ["destinations", name],
          });
          break;
        }
        if (typeof next !== "string") break;
        seen.add(target);
        target = next;
      }
    }
  });
export type LeadDestinations = z.infer<typeof leadDestinationsSchema>;

/** A destination with every setting decided: what the builders read. */
export interface LeadDestination {
  /** The settings entry it came from (DEFAULT when the form kind has none). */
  readonly name: string;
  readonly type: "adf" | "text";
  readonly subject: string;
  readonly to: readonly string[];
  readonly provider?: string;
  readonly mergeCommentsIntoTop: boolean;
  readonly adParams: readonly string[];
  readonly adfProvider?: AdfProvider;
}

import type { LeadStore } from "@showroom/rules/leads";
import { z } from "zod";

/**
 * The parts of a dealer profile (fixtures' `dealers/stores/*.json`, kept in `stores.profile`) that a lead email
 * names. Other keys are ignored, so a profile that grows does not break leads.
 */
const dealerProfileSchema = z.object({
  name: z.string().min(1),
  address_line_1: z.string(),
  address_line_2: z.string().optional(),
  city: z.string(),
  state_short: z.string(),
  zip: z.string(),
  phone: z.string(),
  email: z.string(),
  site: z.object({ url: z.string() }),
  employee: z.object({
    generalManager: z.object({ fullName: z.string(), email: z.string(), phone: z.string() }),
  }),
});

/**
 * The store as a lead carries it, taken from the dealer profile when the lead is written: the email then says what
 * the store was called and where it was at that moment, whatever the profile says later.
 */
export function leadStoreFromProfile(profile: unknown, storeId: string): LeadStore {
  const parsed = dealerProfileSchema.safeParse(profile);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `The profile of store ${storeId} cannot address a lead (${issue?.path.join(".") || "profile"}: ${issue?.message})`,
    );
  }
  const p = parsed.data;
  return {
    name: p.name,
    address: {
      line1: p.address_line_1,
      ...(p.address_line_2 ? { line2: p.address_line_2 } : {}),
      city: p.city,
      state: p.state_short,
      zip: p.zip,
    },
    phone: p.phone,
    email: p.email,
    url: p.site.url,
    generalManager: p.employee.generalManager,
  };
}

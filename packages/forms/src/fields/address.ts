import { z } from "zod";
import { MAX_LENGTH } from "../limits";
import { MESSAGES } from "../messages";
import { isBlankGroup } from "./is-empty";
import { blankAsMissing, optionalText, requiredText } from "./text";

/** The 50 states and the District of Columbia, by USPS code. */
export const US_STATES = [
  { code: "AL", name: "Alabama" },
  { code: "AK", name: "Alaska" },
  { code: "AZ", name: "Arizona" },
  { code: "AR", name: "Arkansas" },
  { code: "CA", name: "California" },
  { code: "CO", name: "Colorado" },
  { code: "CT", name: "Connecticut" },
  { code: "DE", name: "Delaware" },
  { code: "DC", name: "District of Columbia" },
  { code: "FL", name: "Florida" },
  { code: "GA", name: "Georgia" },
  { code: "HI", name: "Hawaii" },
  { code: "ID", name: "Idaho" },
  { code: "IL", name: "Illinois" },
  { code: "IN", name: "Indiana" },
  { code: "IA", name: "Iowa" },
  { code: "KS", name: "Kansas" },
  { code: "KY", name: "Kentucky" },
  { code: "LA", name: "Louisiana" },
  { code: "ME", name: "Maine" },
  { code: "MD", name: "Maryland" },
  { code: "MA", name: "Massachusetts" },
  { code: "MI", name: "Michigan" },
  { code: "MN", name: "Minnesota" },
  { code: "MS", name: "Mississippi" },
  { code: "MO", name: "Missouri" },
  { code: "MT", name: "Montana" },
  { code: "NE", name: "Nebraska" },
  { code: "NV", name: "Nevada" },
  { code: "NH", name: "New Hampshire" },
  { code: "NJ", name: "New Jersey" },
  { code: "NM", name: "New Mexico" },
  { code: "NY", name: "New York" },
  { code: "NC", name: "North Carolina" },
  { code: "ND", name: "North Dakota" },
  { code: "OH", name: "Ohio" },
  { code: "OK", name: "Oklahoma" },
  { code: "OR", name: "Oregon" },
  { code: "PA", name: "Pennsylvania" },
  { code: "RI", name: "Rhode Island" },
  { code: "SC", name: "South Carolina" },
  { code: "SD", name: "South Dakota" },
  { code: "TN", name: "Tennessee" },
  { code: "TX", name: "Texas" },
  { code: "UT", name: "Utah" },
  { code: "VT", name: "Vermont" },
  { code: "VA", name: "Virginia" },
  { code: "WA", name: "Washington" },
  { code: "WV", name: "West Virginia" },
  { code: "WI", name: "Wisconsin" },
  { code: "WY", name: "Wyoming" },
] as const;

export type UsStateCode = (typeof US_STATES)[number]["code"];

const STATE_CODES = US_STATES.map((state) => state.code) as [UsStateCode, ...UsStateCode[]];

/** The only country the dealership takes (spec section 5). */
export const COUNTRY = "US";

/** A US state or DC by its two-letter code, in any letter case; output upper case. */
export const stateSchema = z.preprocess<unknown, z.ZodEnum<{ [K in UsStateCode]: K }>, string>(
  (value) => (typeof value === "string" ? value.trim().toUpperCase() || undefined : value),
  z.enum(STATE_CODES, { error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.state) }),
);

/** A 5-digit ZIP code. */
export const zipCodeSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required, abort: true })
  .regex(/^\d{5}$/, { error: MESSAGES.zipCode });

/** Country is fixed to US: absent means US, anything else is refused. */
export const countrySchema = blankAsMissing(z.literal(COUNTRY, { error: MESSAGES.country }).default(COUNTRY));

/**
 * Wraps a group of fields (an address, a co-borrower) so that leaving every field blank means "not given". A form
 * always posts its inputs, empty or not; without this an untouched optional address would fail as incomplete.
 * `ignore` lists keys whose value alone does not count as filling the group (a radio with a default).
 */
export function optionalGroup<T extends z.ZodType>(schema: T, ignore: readonly string[] = []) {
  return z.preprocess<unknown, z.ZodOptional<T>, z.input<T> | undefined>(
    (value) => (isBlankGroup(value, ignore) ? undefined : value),
    schema.optional(),
  );
}

/** Address types of a lead's customer address (spec section 3). */
export const LEAD_ADDRESS_TYPES = ["home", "delivery"] as const;

/** The address of a lead's user record, in ADF's terms (street line 1, postalcode, city, regioncode, apartment). */
export const leadAddressSchema = z.object({
  type: blankAsMissing(z.enum(LEAD_ADDRESS_TYPES, { error: MESSAGES.choice }).default("home")),
  street: requiredText(MAX_LENGTH.street),
  apartment: optionalText(MAX_LENGTH.apartment),
  city: requiredText(MAX_LENGTH.city),
  regioncode: stateSchema,
  postalcode: zipCodeSchema,
  country: countrySchema,
});

/** The visitor profile's address (home or location): address, apartment, city, state, zipCode. */
export const visitorAddressSchema = z.object({
  address: requiredText(MAX_LENGTH.street),
  apartment: optionalText(MAX_LENGTH.apartment),
  city: requiredText(MAX_LENGTH.city),
  state: stateSchema,
  zipCode: zipCodeSchema,
  country: countrySchema,
});

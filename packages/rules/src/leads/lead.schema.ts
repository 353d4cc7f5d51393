import { z } from "zod";
import { isFilled, isValidEmail, isValidPhone } from "../profile";

/** The spec's fourteen lead email settings keys (section 3, "Lead email configuration"): DEFAULT and one per form. */
export const FORM_KINDS = [
  "DEFAULT",
  "UNLOCK_INVENTORY",
  "UNLOCK_PRICE",
  "SCHEDULE_TEST_DRIVE",
  "SELL_OR_TRADE",
  "CONTACT_SALES",
  "CONTACT_DEALERSHIP",
  "CONTACT_FINANCE",
  "CONTACT_SERVICE",
  "CAREERS",
  "SERVICE",
  "APPLY_FINANCING",
  "FULL_CREDIT_APP",
  "STAFF_MEMBER",
] as const;

/** A lead email settings key. */
export type FormKind = (typeof FORM_KINDS)[number];

/** The thirteen forms a lead can come from: every form kind but DEFAULT. */
export const LEAD_KINDS = [
  "UNLOCK_INVENTORY",
  "UNLOCK_PRICE",
  "SCHEDULE_TEST_DRIVE",
  "SELL_OR_TRADE",
  "CONTACT_SALES",
  "CONTACT_DEALERSHIP",
  "CONTACT_FINANCE",
  "CONTACT_SERVICE",
  "CAREERS",
  "SERVICE",
  "APPLY_FINANCING",
  "FULL_CREDIT_APP",
  "STAFF_MEMBER",
] as const satisfies readonly Exclude<FormKind, "DEFAULT">[];

/** The form a lead came from. */
export type LeadKind = (typeof LEAD_KINDS)[number];

export const leadKindSchema = z.enum(LEAD_KINDS);

/** ADF vehicle interests (the DTD's list). */
export const VEHICLE_INTERESTS = ["buy", "lease", "sell", "trade-in", "test-drive"] as const;
export type VehicleInterest = (typeof VEHICLE_INTERESTS)[number];

/**
 * Keys a full credit application has and a lead must never carry. Declaring them as `never` makes the TypeScript
 * type reject an object that holds them, and parsing reject JSON that holds them, so a mapping mistake fails loudly
 * instead of mailing a social security number (ADR 042).
 */
function forbidden(what: string) {
  return z.never({ error: `A lead never carries ${what}; it stays with the credit application` }).optional();
}
const withoutCreditData = {
  ssn: forbidden("a social security number"),
  dateOfBirth: forbidden("a date of birth"),
  income: forbidden("income"),
  monthlyIncome: forbidden("income"),
  employment: forbidden("employment or income"),
  employments: forbidden("employment or income"),
  residence: forbidden("residence history"),
  residences: forbidden("residence history"),
  coBorrower: forbidden("a co-borrower's data"),
};

/** The lead user record's address (spec section 3): home or delivery. */
export const leadAddressSchema = z.strictObject({
  type: z.enum(["home", "delivery"]),
  street: z.string(),
  apartment: z.string().optional(),
  city: z.string().optional(),
  regioncode: z.string().optional(),
  postalcode: z.string().optional(),
  /** Country is fixed to US (spec section 5); @showroom/forms posts it. */
  country: z.literal("US").optional(),
});
export type LeadAddress = z.infer<typeof leadAddressSchema>;

/** The lead user record: who to answer. Email or phone is required, since a CRM needs one of them. */
export const leadUserSchema = z
  .strictObject({
    firstName: z.string().refine(isFilled, "Enter your first name."),
    lastName: z.string().refine(isFilled, "Enter your last name."),
    email: z
      .string()
      .optional()
      .refine((v) => !isFilled(v) || isValidEmail(v), "Please enter a valid email address"),
    phone: z
      .string()
      .optional()
      .refine((v) => !isFilled(v) || isValidPhone(v), "Please enter a valid phone number"),
    address: leadAddressSchema.optional(),
    comments: z.string().optional(),
    ...withoutCreditData,
  })
  .refine((user) => isFilled(user.email) || isFilled(user.phone), {
    message: "This field is required",
    path: ["email"],
  });
export type LeadUser = z.infer<typeof leadUserSchema>;

/** How the shopper means to pay, as the unlock-price stepper or a finance form left it. */
export const vehicleFinanceSchema = z.object({
  method: z.enum(["cash", "finance", "lease"]),
  amount: z.number().nonnegative(),
  amountType: z.enum(["downpayment", "monthly", "total"]).optional(),
});
export type VehicleFinance = z.infer<typeof vehicleFinanceSchema>;

/**
 * The spec's vehicle (section 3), as the inventory gives it. Unknown inventory fields are dropped, not rejected, so
 * the app can pass an inventory record as it is.
 */
export const leadVehicleSchema = z.object({
  condition: z.enum(["new", "used", "certified"]).nullish(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  trim: z.string().nullish(),
  vin: z.string().nullish(),
  stockNumber: z.string().nullish(),
  mileage: z.number().nonnegative().nullish(),
  doors: z.union([z.number(), z.string()]).nullish(),
  bodystyle: z.string().nullish(),
  transmission: z.string().nullish(),
  exteriorcolor: z.string().nullish(),
  interiorcolor: z.string().nullish(),
  fuelType: z.string().nullish(),
  url: z.string().nullish(),
  price: z
    .union([
      z.number().nonnegative(),
      z.object({ salePrice: z.number().nonnegative().nullish(), oldPrice: z.number().nonnegative().nullish() }),
    ])
    .nullish(),
  interest: z.enum(VEHICLE_INTERESTS).nullish(),
  finance: vehicleFinanceSchema.nullish(),
});
export type LeadVehicle = z.infer<typeof leadVehicleSchema>;

/** One deduction an offer took because of an answer, in the words the shopper saw. */
export const sellOfferDeductionSchema = z.strictObject({
  question: z.string(),
  answer: z.string(),
  /** Dollars, exact (a percent may leave cents). */
  amount: z.number().nonnegative(),
});
export type SellOfferDeduction = z.infer<typeof sellOfferDeductionSchema>;

const offerPrice = z.number().int().nonnegative().nullable();

/**
 * The sell/trade offer a vehicle to sell carries to the CRM (spec section 4, Offer outcomes): its id and expiry,
 * the outcome with the reasons in plain words, each offer's price (null when withheld, with why), More Cash Later's
 * two checks, each offer's deductions, and the version of the rules that priced it.
 */
export const sellOfferSchema = z.strictObject({
  id: z.string().min(1),
  /** The last day the offer stands, yyyy-mm-dd. */
  validUntil: z.iso.date(),
  /** Where staff and the shopper can see the offer. */
  url: z.string().optional(),
  /** The content hash of the offer rules that priced it. */
  rulesVersion: z.string().min(1),
  /** The published version's number, when the rules came from the database. */
  rulesPublished: z.number().int().positive().optional(),
  /** The offer-rules experiment the shopper was priced in, and on which side: variant or control (the live rules). */
  experiment: z.strictObject({ name: z.string().min(1), arm: z.enum(["variant", "control"]) }).optional(),
  /**
   * The valuation book the base figures came from and the day it was read: for the desk and the CRM, never the
   * shopper's page. Absent when the book had nothing for the vehicle.
   */
  valuation: z.strictObject({ source: z.string().min(1), asOf: z.iso.date() }).nullish(),
  outcome: z.enum(["offer", "bring-in"]),
  /** Why the vehicle must be brought in, in plain words; empty for an offer. */
  reasons: z.array(z.string()),
  cashNow: z
    .strictObject({
      price: offerPrice,
      /** Why it is withheld, in plain words, when price is null. */
      withheld: z.string().nullish(),
      deductions: z.array(sellOfferDeductionSchema),
    })
    .nullable(),
  moreCashLater: z
    .strictObject({
      price: offerPrice,
      withheld: z.string().nullish(),
      /** The reserve check paid at hand-over and the profit-sharing check paid at resale; they add up to price. */
      reserve: offerPrice,
      profitShare: offerPrice,
      reservePercent: z.number().min(0).max(100).nullish(),
      profitSharePercent: z.number().min(0).max(100).nullish(),
      deductions: z.array(sellOfferDeductionSchema),
    })
    .nullable(),
});
export type SellOffer = z.infer<typeof sellOfferSchema>;

/**
 * A vehicle the shopper wants to sell or trade in (the sell form's year, make, model, trim, VIN and mileage), with
 * the offer made for it. `price` is the Cash Now offer, mailed as the ADF `<price type="offer">`.
 */
export const sellVehicleSchema = z.object({
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  miles: z.number().nonnegative(),
  trim: z.string().nullish(),
  vin: z.string().nullish(),
  /** sell or trade-in as the shopper chose; absent: sell on its own, trade-in next to a vehicle of interest. */
  interest: z.enum(["sell", "trade-in"]).nullish(),
  price: z.number().nonnegative().nullish(),
  offer: sellOfferSchema.optional(),
});
export type SellVehicle = z.infer<typeof sellVehicleSchema>;

/** The spec's service appointment, in the scheduler's own field names; also a booked test drive. */
export const leadAppointmentSchema = z.object({
  appointment_id: z.union([z.string(), z.number()]).nullish(),
  start_datetime: z.iso.datetime({ offset: true }),
  end_datetime: z.iso.datetime({ offset: true }).nullish(),
  notes_general: z.string().nullish(),
  repair_order_lines: z
    .array(z.object({ op_code: z.string().nullish(), name: z.string(), notes_narrative: z.string().nullish() }))
    .optional(),
});
export type LeadAppointment = z.infer<typeof leadAppointmentSchema>;

/** That a full credit application exists, and its reference: nothing from inside it. */
export const creditApplicationReferenceSchema = z.strictObject({
  id: z.string().min(1),
  exists: z.literal(true),
  ...withoutCreditData,
});
export type CreditApplicationReference = z.infer<typeof creditApplicationReferenceSchema>;

/** A vendor named by the form (spec: "optional vendor with vendorName"); its own data replaces the store's. */
export const leadVendorSchema = z.strictObject({
  vendorName: z.string().min(1),
  url: z.string().optional(),
  fullName: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
});
export type LeadVendor = z.infer<typeof leadVendorSchema>;

/** The staff member a STAFF_MEMBER message is for; the message also goes to their primary email. */
export const staffMemberSchema = z.strictObject({
  fullName: z.string(),
  email: z.email("Please enter a valid email address"),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/**
 * A file that goes with the lead's email (the résumé of a CAREERS lead): a reference to the sealed file the app keeps,
 * and the name and type the email gives it. The lead never carries the file itself, nor the name the sender gave it.
 */
export const leadAttachmentSchema = z.strictObject({
  id: z.uuid(),
  fileName: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,99}$/),
  contentType: z.enum(["application/pdf", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"]),
});
export type LeadAttachment = z.infer<typeof leadAttachmentSchema>;

/** The store the lead is for: the default ADF vendor, with its general manager as contact. */
export const leadStoreSchema = z.object({
  name: z.string().min(1),
  address: z.object({
    line1: z.string(),
    line2: z.string().optional(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
  }),
  phone: z.string(),
  email: z.string(),
  url: z.string(),
  generalManager: z.object({ fullName: z.string(), email: z.string(), phone: z.string() }),
});
export type LeadStore = z.infer<typeof leadStoreSchema>;

/**
 * One lead as the relay turns it into an email: everything the text and ADF builders read, and nothing from a
 * credit application but its reference.
 */
export const leadSchema = z
  .strictObject({
    kind: leadKindSchema,
    /** The lead's own id: the ADF prospect id and the reference staff quote. */
    id: z.string().min(1),
    createdAt: z.iso.datetime({ offset: true }),
    /** From {@link leadStatus}: the browser's first lead is new, later ones resend. Absent means new. */
    status: z.enum(["new", "resend"]).optional(),
    user: leadUserSchema,
    /** The shopper's message. */
    text: z.string().optional(),
    vehicle: leadVehicleSchema.optional(),
    sellVehicle: sellVehicleSchema.optional(),
    vendor: leadVendorSchema.optional(),
    /** Ad parameters of the visit (utm_source, gclid, …); only those the destination lists are mailed. */
    adParams: z.record(z.string(), z.string()).optional(),
    appointment: leadAppointmentSchema.optional(),
    creditApplication: creditApplicationReferenceSchema.optional(),
    staffMember: staffMemberSchema.optional(),
    attachments: z.array(leadAttachmentSchema).max(5).optional(),
    store: leadStoreSchema,
    ...withoutCreditData,
  })
  .superRefine((lead, ctx) => {
    if (lead.kind === "FULL_CREDIT_APP" && !lead.creditApplication)
      ctx.addIssue({
        code: "custom",
        message: "A full credit application lead carries the application's reference",
        path: ["creditApplication"],
      });
    if (lead.kind === "STAFF_MEMBER" && !lead.staffMember)
      ctx.addIssue({ code: "custom", message: "A staff member message names the staff member", path: ["staffMember"] });
  });

/** A lead ready to be mailed; parse outside input with {@link leadSchema}. */
export type Lead = z.infer<typeof leadSchema>;

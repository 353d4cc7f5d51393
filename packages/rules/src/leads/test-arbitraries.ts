// fast-check generators for the leads tests; not exported by the package.
import fc from "fast-check";
import { isFilled, isValidEmail } from "../profile";
import type { LeadDestination } from "./destination.schema";
import {
  LEAD_KINDS,
  type Lead,
  type LeadKind,
  type LeadStore,
  type LeadVehicle,
  type SellOffer,
  type SellVehicle,
} from "./lead.schema";

/** Pieces that break naive XML or text building: markup, entities, CDATA ends, quotes, controls, surrogates. */
export const HOSTILE_PIECES = [
  "<",
  ">",
  "&",
  "]]>",
  '"',
  "'",
  "<![CDATA[x]]>",
  "<!-- -->",
  "&amp;",
  "&#0;",
  "<?xml?>",
  "😀",
  "👩‍🔧",
  "\u0000",
  "\u0001",
  "\u0008",
  "\u000B",
  "\u000C",
  "\u001B",
  "\u001F",
  "\u007F",
  "\u0085",
  "\u009F",
  "\uFFFE",
  "\uFFFF",
  "\uD800",
  "\uDFFF",
  "\r\n",
  "\r",
  "\n",
  "\t",
  "  ",
  "\u00A0",
  "\u2028",
  "é",
  "𝔘",
  "\\",
  "Price: $1",
] as const;

/** Any string, leaning on hostile pieces. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 16 }),
  fc
    .array(fc.oneof(fc.constantFrom(...HOSTILE_PIECES), fc.string({ unit: "grapheme-ascii", maxLength: 4 })), {
      maxLength: 8,
    })
    .map((pieces) => pieces.join("")),
);

/** A hostile string that is still "filled" (non-blank after trimming), as required names are. */
export const hostileFilled = hostileString.filter(isFilled);

const hostileOptional = fc.option(hostileString, { nil: undefined });

/** Valid for the spec's email pattern, hostile in its local part. */
export const hostileEmail: fc.Arbitrary<string> = fc
  .tuple(hostileFilled, fc.constantFrom("example.com", "mail.example.org"))
  .map(([local, domain]) => `${local.replace(/[\s@]/g, "")}@${domain}`)
  .filter(isValidEmail);

/** Ten or eleven digits (valid for the spec), with hostile separators; sometimes a longer foreign number. */
export const hostilePhone: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 10, maxLength: 12 }),
    hostileString.map((s) => s.replace(/\d/g, "")),
  )
  .map(([digits, sep]) => `${sep}${digits.slice(0, 3)}${sep}${digits.slice(3, 6)}-${digits.slice(6)}`);

/** A plain address, as a dealer's configuration holds (zod's email check is stricter than the spec's). */
export const plainEmail: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz.-_"), minLength: 1, maxLength: 12 }),
    fc.nat(99),
  )
  .map(
    ([local, n]) =>
      `${local.replace(/^[._-]+|[._-]+$/g, "").replace(/[._-]{2,}/g, ".") || "staff"}${n}@dealer.example.com`,
  );

const isoDate = fc
  .date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2035-12-31T23:59:59Z"), noInvalidDate: true })
  .map((d) => d.toISOString());

const storeArbitrary: fc.Arbitrary<LeadStore> = fc.record({
  name: hostileFilled,
  address: fc.record({
    line1: hostileString,
    line2: hostileOptional,
    city: hostileString,
    state: hostileString,
    zip: hostileString,
  }),
  phone: fc.oneof(hostilePhone, hostileString),
  email: fc.oneof(hostileEmail, hostileString),
  url: hostileString,
  generalManager: fc.record({
    fullName: hostileString,
    email: fc.oneof(hostileEmail, fc.constant("")),
    phone: fc.oneof(hostilePhone, fc.constant("")),
  }),
});

const vehicleArbitrary: fc.Arbitrary<LeadVehicle> = fc.record(
  {
    condition: fc.constantFrom("new", "used", "certified", null),
    year: fc.integer({ min: 1981, max: 2027 }),
    make: hostileString,
    model: hostileString,
    trim: fc.option(hostileString),
    vin: fc.option(hostileString),
    stockNumber: fc.option(hostileString),
    mileage: fc.option(fc.integer({ min: 0, max: 400_000 })),
    doors: fc.option(fc.oneof(fc.integer({ min: 2, max: 5 }), hostileString)),
    bodystyle: fc.option(hostileString),
    transmission: fc.option(fc.oneof(fc.constantFrom("Automatic", "6-Speed Manual", "CVT", "M"), hostileString)),
    exteriorcolor: fc.option(hostileString),
    interiorcolor: fc.option(hostileString),
    fuelType: fc.option(hostileString),
    url: fc.option(hostileString),
    price: fc.option(
      fc.oneof(
        fc.integer({ min: 0, max: 150_000 }),
        fc.record({
          salePrice: fc.option(fc.double({ min: 0, max: 150_000, noNaN: true })),
          oldPrice: fc.option(fc.integer({ min: 0, max: 150_000 })),
        }),
      ),
    ),
    interest: fc.option(fc.constantFrom("buy", "lease", "sell", "trade-in", "test-drive")),
    finance: fc.option(
      fc.record(
        {
          method: fc.constantFrom("cash", "finance", "lease"),
          amount: fc.double({ min: 0, max: 50_000, noNaN: true }),
          amountType: fc.constantFrom("downpayment", "monthly", "total"),
        },
        { requiredKeys: ["method", "amount"] },
      ),
    ),
  },
  { requiredKeys: ["year", "make", "model"] },
);

const dollars = fc.integer({ min: 0, max: 20_000_000 }).map((cents) => cents / 100);
const wholeDollars = fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null });
const deductions = fc.array(fc.record({ question: hostileString, answer: hostileString, amount: dollars }), {
  maxLength: 4,
});

/** The offer a vehicle to sell carries, with hostile words and any prices. */
export const sellOfferArbitrary: fc.Arbitrary<SellOffer> = fc.record(
  {
    id: hostileFilled,
    validUntil: fc
      .date({ min: new Date("2020-01-01"), max: new Date("2040-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    url: hostileString,
    rulesVersion: hostileFilled,
    valuation: fc.option(
      fc.record({
        source: hostileFilled,
        asOf: fc
          .date({ min: new Date("2020-01-01"), max: new Date("2040-12-31"), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
      }),
    ),
    outcome: fc.constantFrom("offer" as const, "bring-in" as const),
    reasons: fc.array(hostileString, { maxLength: 3 }),
    cashNow: fc.option(fc.record({ price: wholeDollars, withheld: fc.option(hostileString), deductions }), {
      nil: null,
    }),
    moreCashLater: fc.option(
      fc.record({
        price: wholeDollars,
        withheld: fc.option(hostileString),
        reserve: wholeDollars,
        profitShare: wholeDollars,
        reservePercent: fc.option(fc.integer({ min: 0, max: 100 })),
        profitSharePercent: fc.option(fc.integer({ min: 0, max: 100 })),
        deductions,
      }),
      { nil: null },
    ),
  },
  { requiredKeys: ["id", "validUntil", "rulesVersion", "outcome", "reasons", "cashNow", "moreCashLater"] },
);

/** A vehicle to sell or trade, sometimes with its VIN, trim, interest, offer price and offer. */
export const sellVehicleArbitrary: fc.Arbitrary<SellVehicle> = fc.record(
  {
    make: hostileString,
    model: hostileString,
    year: fc.integer({ min: 1981, max: 2027 }),
    miles: fc.integer({ min: 0, max: 400_000 }),
    trim: fc.option(hostileString),
    vin: fc.option(hostileString),
    interest: fc.option(fc.constantFrom("sell" as const, "trade-in" as const)),
    price: fc.option(fc.integer({ min: 0, max: 200_000 })),
    offer: sellOfferArbitrary,
  },
  { requiredKeys: ["make", "model", "year", "miles"] },
);

/** A valid lead of `kind` with every optional part sometimes present and every text hostile. */
export function leadArbitrary(kind: LeadKind): fc.Arbitrary<Lead> {
  const channels = fc.oneof(
    fc.record({ email: hostileEmail, phone: hostilePhone }),
    fc.record({ email: hostileEmail }),
    fc.record({ phone: hostilePhone }),
  );
  const user = fc
    .tuple(
      fc.record(
        {
          firstName: hostileFilled,
          lastName: hostileFilled,
          comments: hostileString,
          address: fc.record(
            {
              type: fc.constantFrom("home" as const, "delivery" as const),
              street: hostileString,
              apartment: hostileString,
              city: hostileString,
              regioncode: hostileString,
              postalcode: hostileString,
            },
            { requiredKeys: ["type", "street"] },
          ),
        },
        { requiredKeys: ["firstName", "lastName"] },
      ),
      channels,
    )
    .map(([names, contact]) => ({ ...names, ...contact }));
  return fc.record(
    {
      kind: fc.constant(kind),
      id: hostileString.filter((s) => s.length > 0),
      createdAt: isoDate,
      status: fc.constantFrom("new" as const, "resend" as const),
      user,
      text: hostileString,
      vehicle: vehicleArbitrary,
      sellVehicle: sellVehicleArbitrary,
      vendor: fc.record(
        {
          vendorName: hostileFilled,
          url: hostileString,
          fullName: hostileString,
          email: hostileString,
          phone: hostileString,
        },
        { requiredKeys: ["vendorName"] },
      ),
      adParams: fc.dictionary(
        fc.oneof(fc.constantFrom("utm_source", "utm_medium", "gclid"), hostileString),
        hostileString,
      ),
      appointment: fc.record(
        {
          appointment_id: fc.option(fc.oneof(hostileString, fc.nat())),
          start_datetime: isoDate,
          end_datetime: fc.option(isoDate),
          notes_general: fc.option(hostileString),
          repair_order_lines: fc.array(
            fc.record({
              op_code: fc.option(hostileString),
              name: hostileString,
              notes_narrative: fc.option(hostileString),
            }),
            { maxLength: 3 },
          ),
        },
        { requiredKeys: ["start_datetime"] },
      ),
      creditApplication: fc.record({ id: hostileFilled, exists: fc.constant(true as const) }),
      staffMember: fc.record({ fullName: hostileString, email: plainEmail }),
      store: storeArbitrary,
    },
    {
      requiredKeys: [
        "kind",
        "id",
        "createdAt",
        "user",
        "store",
        ...(kind === "FULL_CREDIT_APP" ? (["creditApplication"] as const) : []),
        ...(kind === "STAFF_MEMBER" ? (["staffMember"] as const) : []),
      ],
    },
  ) as fc.Arbitrary<Lead>;
}

/** One lead of every kind, in {@link LEAD_KINDS} order. */
export const leadOfEveryKind: fc.Arbitrary<Lead[]> = fc.tuple(...LEAD_KINDS.map(leadArbitrary));

/** A destination as resolution would give it, with hostile subject and provider texts. */
export const destinationArbitrary: fc.Arbitrary<LeadDestination> = fc.record(
  {
    name: fc.constant("GENERATED"),
    type: fc.constantFrom("adf" as const, "text" as const),
    subject: hostileFilled,
    to: fc.array(plainEmail, { minLength: 1, maxLength: 3 }),
    mergeCommentsIntoTop: fc.boolean(),
    adParams: fc.array(fc.constantFrom("utm_source", "utm_medium", "utm_campaign", "gclid"), { maxLength: 4 }),
    adfProvider: fc.record(
      { name: hostileFilled, service: hostileString, url: hostileString, email: hostileString, phone: hostileString },
      { requiredKeys: ["name"] },
    ),
  },
  { requiredKeys: ["name", "type", "subject", "to", "mergeCommentsIntoTop", "adParams"] },
);

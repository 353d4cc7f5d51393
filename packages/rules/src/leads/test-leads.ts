// Example data for the leads tests; not exported by the package.
import type { LeadDestination } from "./destination.schema";
import type { Lead, LeadKind, LeadStore } from "./lead.schema";

export const exampleStore: LeadStore = {
  name: "Showroom Motors St. Louis",
  address: { line1: "1200 Auto Way", city: "St. Louis", state: "MO", zip: "63101" },
  phone: "(314) 555-0100",
  email: "info@dealer.example.com",
  url: "https://showroom.example.com",
  generalManager: { fullName: "Pat Kowalski", email: "pat.kowalski@dealer.example.com", phone: "314-555-0101" },
};

export const exampleDestination: LeadDestination = {
  name: "EXAMPLE",
  type: "adf",
  subject: "Website Lead",
  to: ["leads@crm.example.com"],
  mergeCommentsIntoTop: false,
  adParams: ["utm_source", "utm_campaign"],
};

/** A minimal valid lead of `kind`, with the parts its kind requires; `overrides` replace top-level keys. */
export function exampleLead(kind: LeadKind, overrides: Partial<Lead> = {}): Lead {
  return {
    kind,
    id: "lead-0001",
    createdAt: "2026-11-23T16:05:09.421Z",
    user: { firstName: "Dana", lastName: "Reyes", email: "dana.reyes@example.com", phone: "(314) 555-0142" },
    text: "Is this one still available?",
    store: exampleStore,
    ...(kind === "FULL_CREDIT_APP" ? { creditApplication: { id: "app-77", exists: true as const } } : {}),
    ...(kind === "STAFF_MEMBER"
      ? { staffMember: { fullName: "Jordan Lee", email: "jordan.lee@dealer.example.com" } }
      : {}),
    ...overrides,
  };
}

export const exampleVehicle = {
  condition: "used",
  year: 2021,
  make: "Toyota",
  model: "Camry",
  trim: "SE",
  vin: "4T1G11AK5MU123456",
  stockNumber: "P1234",
  mileage: 31250,
  bodystyle: "Sedan",
  transmission: "8-Speed Automatic",
  exteriorcolor: "Celestial Silver",
  interiorcolor: "Black",
  price: { salePrice: 23950, oldPrice: 24950 },
  url: "https://showroom.example.com/used-cars-for-sale/2021-toyota-camry-se-4T1G11AK5MU123456",
} as const satisfies Lead["vehicle"];

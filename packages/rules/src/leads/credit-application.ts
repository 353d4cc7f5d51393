import type { Lead, LeadStore, LeadVehicle } from "./lead.schema";

interface ResidenceSource {
  readonly fullAddress?: string | undefined;
  readonly apartment?: string | undefined;
  readonly city?: string | undefined;
  readonly state?: string | undefined;
  readonly zipCode?: string | undefined;
}

/**
 * The parts of a full credit application (spec section 3) a lead may take from it. The spec names
 * `vendor.vendorName` and `residence`; @showroom/forms posts `vendorName` and `residences`: both are read. The rest
 * (ssn, dateOfBirth, employments and income, residence costs, co-borrower) is accepted only so the app can pass the
 * application as it is; it is never read.
 */
export interface CreditApplicationSource {
  readonly user: {
    readonly firstName: string;
    readonly lastName: string;
    readonly email?: string | undefined;
    readonly phone?: string | undefined;
  };
  readonly vendorName?: string | undefined;
  readonly vendor?: { readonly vendorName?: string | undefined } | null | undefined;
  readonly residences?: readonly ResidenceSource[] | undefined;
  readonly residence?: readonly ResidenceSource[] | undefined;
  /** The applicant's own message. */
  readonly comments?: string | undefined;
}

/** What the relay knows about the lead itself. */
export interface CreditApplicationLeadOptions {
  /** The lead's id. */
  readonly id: string;
  /** The credit application's reference in the system that stores it. */
  readonly applicationId: string;
  readonly createdAt: string;
  readonly store: LeadStore;
  readonly status?: "new" | "resend";
  readonly vehicle?: LeadVehicle;
  readonly adParams?: Record<string, string>;
}

/**
 * The FULL_CREDIT_APP lead of a full credit application: the applicant's name, email, phone, current address and message,
 * that an application exists and its reference. Fields are copied one by one, never spread, so social security
 * number, date of birth and income cannot reach an email (ADR 042).
 */
export function creditApplicationLead(
  application: CreditApplicationSource,
  options: CreditApplicationLeadOptions,
): Lead {
  const { user } = application;
  // A residence history is entered from the present address back, so its first entry is where the applicant lives.
  const home = (application.residences ?? application.residence)?.[0];
  const vendorName = (application.vendorName ?? application.vendor?.vendorName)?.trim();
  const comments = application.comments?.trim();
  return {
    kind: "FULL_CREDIT_APP",
    id: options.id,
    createdAt: options.createdAt,
    ...(options.status ? { status: options.status } : {}),
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      ...(user.email ? { email: user.email } : {}),
      ...(user.phone ? { phone: user.phone } : {}),
      ...(home?.fullAddress?.trim()
        ? {
            address: {
              type: "home" as const,
              street: home.fullAddress,
              ...(home.apartment ? { apartment: home.apartment } : {}),
              ...(home.city ? { city: home.city } : {}),
              ...(home.state ? { regioncode: home.state } : {}),
              ...(home.zipCode ? { postalcode: home.zipCode } : {}),
            },
          }
        : {}),
    },
    ...(comments ? { text: comments } : {}),
    ...(options.vehicle ? { vehicle: options.vehicle } : {}),
    ...(vendorName ? { vendor: { vendorName } } : {}),
    ...(options.adParams ? { adParams: options.adParams } : {}),
    creditApplication: { id: options.applicationId, exists: true },
    store: options.store,
  };
}

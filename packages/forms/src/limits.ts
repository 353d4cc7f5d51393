/**
 * Every bound on what a shopper may type, in one place. Lengths are characters after trimming; the form layer
 * rejects longer input with a field error instead of truncating it, so nothing a shopper wrote is silently lost.
 * Values follow what CRMs and ADF consumers accept comfortably (names ≤ 50, emails ≤ 254 as in RFC 5321, free text
 * ≤ 2000 so a lead email stays readable).
 */
export const MAX_LENGTH = {
  firstName: 50,
  middleName: 50,
  lastName: 50,
  /** Careers asks for one full-name field. */
  fullName: 100,
  email: 254,
  /** Room for "+1 (314) 555-0142 ext. 1234" and similar. */
  phone: 25,
  message: 2000,
  comments: 2000,
  street: 100,
  apartment: 30,
  city: 50,
  employer: 100,
  jobTitle: 100,
  position: 100,
  vehicleMake: 40,
  vehicleModel: 60,
  vehicleTrim: 60,
  vendorName: 100,
  staffSlug: 100,
  verificationCode: 12,
  /** Money as typed: "$1,250,000.00" and spaces. */
  money: 20,
  wholeNumber: 12,
} as const satisfies Record<string, number>;

/** Numeric bounds of the forms (money in US dollars). */
export const NUMBER_LIMITS = {
  monthlyRent: { min: 0, max: 100_000 },
  monthlyIncome: { min: 0, max: 1_000_000 },
  vehiclePrice: { min: 0, max: 10_000_000 },
  mileage: { min: 0, max: 2_000_000 },
  /** The oldest model year a shopper may offer; the newest is next year's model, computed from "today". */
  oldestModelYear: 1900,
  yearsAtAddress: { min: 0, max: 99 },
  monthsAtAddress: { min: 0, max: 11 },
  yearsAtJob: { min: 0, max: 99 },
  monthsAtJob: { min: 0, max: 11 },
  /** Applicants must be adults; nobody is older than this, so an older birth date is a typo. */
  minimumApplicantAge: 18,
  maximumApplicantAge: 120,
  /** Residence and employment history a lender needs, in months. */
  requiredHistoryMonths: 24,
  /** Entries a shopper may add; enough for two years of frequent moves or job changes. */
  maxHistoryEntries: 10,
} as const;

/** Careers résumé upload: 5 MB, PDF or DOCX. */
export const RESUME_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
} as const;

/** The SMS verification code length (spec section 9). */
export const VERIFICATION_CODE_DIGITS = 6;

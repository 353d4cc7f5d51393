/**
 * Every message a form can show. `SPEC_MESSAGES` are the specification's strings (section 5), word for word; the
 * rest cover rules the specification states without wording (SSN, dates, ZIP, files…) and are written in the same
 * plain voice. No message is built anywhere else, so a copy change is one edit here.
 */

/**
 * The vehicle fields of the sell form, as the spec's "Enter the {field} of the vehicle." names them (make, model,
 * year, price, mileage), and the sell/trade journey's trim and VIN in the same words.
 */
export type VehicleField = "make" | "model" | "year" | "price" | "mileage" | "trim" | "VIN";

export const SPEC_MESSAGES = {
  required: "This field is required",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  firstName: "Enter your first name.",
  lastName: "Enter your last name.",
  message: "Enter your message.",
  phoneRequired: "Phone number is required",
  phoneInvalidByRegex: "Phone number is invalid by regex",
  codeRequired: "Code is required",
  codeSixDigits: "Code must be 6 digits",
} as const;

/** "Enter the {field} of the vehicle." */
export function vehicleFieldMessage(field: VehicleField): string {
  return `Enter the ${field} of the vehicle.`;
}

export const MESSAGES = {
  ...SPEC_MESSAGES,
  tooLong: (max: number) => `Please keep this under ${max + 1} characters.`,
  ssn: "Enter a valid Social Security number (ddd-dd-dddd).",
  coBorrowerSsn: "The co-borrower's Social Security number must differ from the applicant's.",
  date: "Enter a valid date (yyyy-mm-dd).",
  dateOfBirth: "Enter a valid date of birth (yyyy-mm-dd).",
  underage: "You must be at least 18 years old to apply.",
  state: "Choose a US state.",
  zipCode: "Enter a 5-digit ZIP code.",
  country: "We can only accept US addresses.",
  money: "Enter an amount in dollars, like 1,250.50.",
  wholeNumber: "Enter a whole number.",
  months: "Enter a number of months from 0 to 11.",
  choice: "Choose one of the options.",
  residenceHistory: "Add residence history covering at least two years.",
  employmentHistory: "Add employment history covering at least two years.",
  tooManyEntries: "That's more entries than we can take; two years of history is enough.",
  resumeRequired: "Attach your resume.",
  resumeType: "Your resume must be a PDF or Word (.docx) file.",
  resumeSize: "Your resume must be 5 MB or smaller.",
  resumeName: "Rename your resume without slashes or special characters, then attach it again.",
  resumeUnsafe:
    "We can't accept this file: it has macros, scripts, a password or too much packed inside. Save your resume as a plain PDF or Word (.docx) file and attach it again.",
  testDriveDate: "Choose a day that hasn't passed yet.",
  testDriveSlot: "That time is no longer available. Please choose another.",
  time: "Choose a time.",
  vin: "Enter a valid 17-character VIN.",
  vinCheckDigit: "This VIN's check digit does not match. Check each character, or choose the year, make and model.",
  vinUndecodable: "We couldn't find a vehicle for this VIN. Check each character, or choose the year, make and model.",
  vinUnavailable: "We couldn't look this VIN up just now. Try again, or choose the year, make and model.",
  slug: "This link is no longer valid. Please reload the page.",
  idempotencyKey: "This form has expired. Please reload the page and try again.",
  honeypot: "Leave this field empty.",
  answer: "Please answer this question.",
  esignConsent: "Agree to the Electronic Signature Disclosure to sign and send your application.",
  phoneNotVerified: "Verify your phone number with the code we text you before you send this form.",
} as const;

/** A test drive posted for a day the store is closed (a holiday of its profile), naming the day. */
export function testDriveClosedMessage(name: string): string {
  return `We're closed on ${name}. Please choose another day.`;
}

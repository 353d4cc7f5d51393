import { phoneDigits } from "../profile";
import type { LeadKind, LeadVehicle } from "./lead.schema";

/**
 * Characters outside XML 1.0's Char production (C0 controls but tab and newline, lone surrogates, U+FFFE, U+FFFF),
 * plus DEL and the C1 controls, which XML allows but no person types and mail clients show as boxes.
 */
const UNWANTED = /[^\t\n\u0020-\u007E\u00A0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** A user-supplied value made safe for an email body or XML: line breaks as `\n`, forbidden characters removed. */
export function cleanText(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(UNWANTED, "");
}

/**
 * A value that must stay on one line (names, emails, phones, subject): cleaned, runs of white space as one space,
 * trimmed. Keeps a typed line break from forging a labelled line in a text lead or a header in the subject.
 */
export function singleLine(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  return cleanText(String(value)).replace(/\s+/g, " ").trim();
}

/** The spec's email and ADF phone mask `+1 (999) 999-9999`; a number that is not ten US digits stays as typed. */
export function formatLeadPhone(phone: string | null | undefined): string {
  if (!phone) return "";
  const digits = phoneDigits(phone);
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (national.length !== 10) return singleLine(phone);
  return `+1 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/** A plain decimal for ADF amounts: whole dollars without decimals, otherwise cents. */
export function plainAmount(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const WHOLE_USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const MILES = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** `$23,456` or `$23,456.50`. */
export function formatMoney(value: number): string {
  return Number.isInteger(value) ? WHOLE_USD.format(value) : USD.format(value);
}

/** `88,000 mi`. */
export function formatMiles(value: number): string {
  return `${MILES.format(value)} mi`;
}

/** The price the shopper saw: a number, or the sale price, else the old price, of a price object (spec section 3). */
export function vehiclePrice(vehicle: Pick<LeadVehicle, "price">): number | undefined {
  const { price } = vehicle;
  if (price === null || price === undefined) return undefined;
  if (typeof price === "number") return price;
  return price.salePrice ?? price.oldPrice ?? undefined;
}

/** `2021 Toyota Camry SE`. */
export function vehicleTitle(vehicle: { year: number; make: string; model: string; trim?: string | null }): string {
  return [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].map(singleLine).filter(Boolean).join(" ");
}

/** The ADF transmission code: A or M; anything else is left out rather than guessed. */
export function transmissionCode(transmission: string | null | undefined): "A" | "M" | undefined {
  if (!transmission) return undefined;
  const value = transmission.trim().toLowerCase();
  if (value === "m" || value.includes("manual")) return "M";
  if (value === "a" || /auto|cvt|dual[- ]clutch|dct|direct drive/.test(value)) return "A";
  return undefined;
}

/** How staff and the ADF provider service name each form. */
export const LEAD_KIND_LABELS: Readonly<Record<LeadKind, string>> = {
  UNLOCK_INVENTORY: "Unlock inventory",
  UNLOCK_PRICE: "Unlock price",
  SCHEDULE_TEST_DRIVE: "Schedule test drive",
  SELL_OR_TRADE: "Sell or trade",
  CONTACT_SALES: "Contact sales",
  CONTACT_DEALERSHIP: "Contact dealership",
  CONTACT_FINANCE: "Contact finance",
  CONTACT_SERVICE: "Contact service",
  CAREERS: "Careers",
  SERVICE: "Service appointment",
  APPLY_FINANCING: "Apply for financing",
  FULL_CREDIT_APP: "Full credit application",
  STAFF_MEMBER: "Message to a staff member",
};

/** ISO 8601 in UTC to the second: `2026-11-23T16:00:00Z`. */
export function isoSeconds(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? singleLine(value) : date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

import type { LeadDestination } from "./destination.schema";
import type { Lead, LeadVehicle, SellOfferDeduction, SellVehicle, VehicleInterest } from "./lead.schema";
import { appointmentStatus } from "./status";
import { cleanText, formatMoney, singleLine, vehicleTitle } from "./text-format";

/** What the shopper wrote: the form's message, then the user record's comments. */
export function customerMessage(lead: Lead): string[] {
  return [lead.text, lead.user.comments].map((v) => cleanText(v ?? "").trim()).filter(Boolean);
}

/** Lines about the appointment, the credit application and the staff member, for people reading the lead. */
export function contextLines(lead: Lead): string[] {
  const lines: string[] = [];
  const { appointment } = lead;
  if (appointment) {
    const end = appointment.end_datetime ? ` to ${singleLine(appointment.end_datetime)}` : "";
    lines.push(
      `Appointment (${appointmentStatus(appointment)}): ${singleLine(appointment.start_datetime)}${end}` +
        (isBlank(appointment.appointment_id) ? "" : `, appointment id ${singleLine(appointment.appointment_id)}`),
    );
    if (!isBlank(appointment.notes_general)) lines.push(`Appointment notes: ${singleLine(appointment.notes_general)}`);
    for (const line of appointment.repair_order_lines ?? []) {
      const code = isBlank(line.op_code) ? "" : `${singleLine(line.op_code)} `;
      const notes = isBlank(line.notes_narrative) ? "" : `: ${singleLine(line.notes_narrative)}`;
      lines.push(`Repair: ${code}${singleLine(line.name)}${notes}`);
    }
  }
  if (lead.creditApplication) {
    const what = lead.kind === "APPLY_FINANCING" ? "Pre-approval details" : "Full credit application";
    lines.push(`${what} on file in the finance desk, reference ${singleLine(lead.creditApplication.id)}`);
  }
  if (lead.kind === "STAFF_MEMBER" && lead.staffMember)
    lines.push(`Message for ${singleLine(lead.staffMember.fullName) || singleLine(lead.staffMember.email)}`);
  return lines;
}

/** Lines about a listed vehicle that the ADF has no element for. */
export function vehicleLines(vehicle: LeadVehicle): string[] {
  const lines: string[] = [];
  if (vehicle.condition === "certified") lines.push("Certified pre-owned");
  if (!isBlank(vehicle.fuelType)) lines.push(`Fuel: ${singleLine(vehicle.fuelType)}`);
  if (vehicle.finance) {
    const kind =
      vehicle.finance.amountType === "downpayment" ? "down payment" : (vehicle.finance.amountType ?? "total");
    lines.push(`Pays by ${vehicle.finance.method}, ${kind} ${formatMoney(vehicle.finance.amount)}`);
  }
  if (!isBlank(vehicle.url)) lines.push(`Listing: ${singleLine(vehicle.url)}`);
  return lines;
}

function deductionLines(offer: string, deductions: readonly SellOfferDeduction[]): string[] {
  return deductions.map(
    (d) => `${offer} deduction: ${singleLine(d.question)} ${singleLine(d.answer)}: -${formatMoney(d.amount)}`,
  );
}

/**
 * The offer made for a vehicle to sell, as lines for staff (ADF vehicle comments, text leads): its id and expiry,
 * the outcome and its reasons, each offer's price or why it is withheld, More Cash Later's two checks, every
 * deduction, and the rules version that priced it.
 */
export function sellOfferLines(vehicle: SellVehicle): string[] {
  const { offer } = vehicle;
  if (!offer) return [];
  const lines = [
    `Offer ${singleLine(offer.id)}, valid until ${singleLine(offer.validUntil)}` +
      (isBlank(offer.url) ? "" : `: ${singleLine(offer.url)}`),
  ];
  if (offer.outcome === "bring-in") {
    lines.push(["Outcome: bring the vehicle in (no online price).", ...offer.reasons.map(singleLine)].join(" ").trim());
  } else {
    lines.push("Outcome: instant online offer");
  }
  const { cashNow, moreCashLater } = offer;
  if (cashNow) {
    lines.push(
      cashNow.price === null
        ? `Cash Now: not offered${isBlank(cashNow.withheld) ? "" : `: ${singleLine(cashNow.withheld)}`}`
        : `Cash Now: ${formatMoney(cashNow.price)}`,
    );
  }
  if (moreCashLater) {
    if (moreCashLater.price === null) {
      lines.push(
        `More Cash Later: not offered${isBlank(moreCashLater.withheld) ? "" : `: ${singleLine(moreCashLater.withheld)}`}`,
      );
    } else {
      const share = (percent: number | null | undefined) => (typeof percent === "number" ? ` (${percent}%)` : "");
      lines.push(
        `More Cash Later: ${formatMoney(moreCashLater.price)}: reserve check ${formatMoney(moreCashLater.reserve ?? 0)}` +
          `${share(moreCashLater.reservePercent)} + profit-sharing check ${formatMoney(moreCashLater.profitShare ?? 0)}` +
          share(moreCashLater.profitSharePercent),
      );
    }
  }
  if (cashNow) lines.push(...deductionLines("Cash Now", cashNow.deductions));
  if (moreCashLater) lines.push(...deductionLines("More Cash Later", moreCashLater.deductions));
  if (offer.valuation) {
    lines.push(`Valuation: ${singleLine(offer.valuation.source)}, as of ${singleLine(offer.valuation.asOf)}`);
  }
  if (offer.experiment) {
    const side =
      offer.experiment.arm === "variant"
        ? "variant, priced with the rules it names"
        : "control, priced with the live rules";
    lines.push(`Experiment: ${singleLine(offer.experiment.name)} (${side})`);
  }
  lines.push(
    offer.rulesPublished === undefined
      ? `Offer rules version: ${singleLine(offer.rulesVersion)}`
      : `Offer rules version: ${singleLine(offer.rulesVersion)} (published version ${offer.rulesPublished})`,
  );
  return lines;
}

/** A vehicle the lead is about, with the ADF interest and status it gets. */
export type LeadVehicleEntry =
  | {
      readonly role: "interest";
      readonly vehicle: LeadVehicle;
      readonly interest: VehicleInterest;
      status: "new" | "used";
    }
  | { readonly role: "sell"; readonly vehicle: SellVehicle; readonly interest: "sell" | "trade-in"; status: "used" };

/**
 * The vehicles of a lead and their interest (ADR 041). A vehicle's own interest wins; otherwise a test drive form
 * gives test-drive, a sell-or-trade form without a separate vehicle to sell gives sell, lease financing gives lease,
 * and everything else buy. A vehicle to sell is sell on its own and trade-in next to a vehicle of interest; it is
 * always used.
 */
export function leadVehicles(lead: Lead): LeadVehicleEntry[] {
  const entries: LeadVehicleEntry[] = [];
  const { vehicle, sellVehicle } = lead;
  if (vehicle) {
    const interest: VehicleInterest =
      vehicle.interest ??
      (lead.kind === "SCHEDULE_TEST_DRIVE"
        ? "test-drive"
        : lead.kind === "SELL_OR_TRADE" && !sellVehicle
          ? "sell"
          : vehicle.finance?.method === "lease"
            ? "lease"
            : "buy");
    entries.push({ role: "interest", vehicle, interest, status: vehicle.condition === "new" ? "new" : "used" });
  }
  if (sellVehicle) {
    const interest = sellVehicle.interest ?? (vehicle ? "trade-in" : "sell");
    entries.push({ role: "sell", vehicle: sellVehicle, interest, status: "used" });
  }
  return entries;
}

/** A heading for a vehicle in comments and text leads. */
export function vehicleHeading(entry: LeadVehicleEntry): string {
  const what =
    entry.role === "sell" ? (entry.interest === "trade-in" ? "Trade-in" : "Vehicle to sell") : "Vehicle of interest";
  return `${what}: ${vehicleTitle(entry.vehicle)}`;
}

/** The ad parameters a destination lets through, in the destination's order, each with a value. */
export function allowedAdParams(lead: Pick<Lead, "adParams">, destination: LeadDestination): [string, string][] {
  const params = lead.adParams ?? {};
  return destination.adParams
    .filter((key) => Object.hasOwn(params, key))
    .map((key): [string, string] => [key, singleLine(params[key])])
    .filter(([, value]) => value !== "");
}

function isBlank(value: string | number | null | undefined): boolean {
  return value === null || value === undefined || String(value).trim() === "";
}

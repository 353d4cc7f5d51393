import { type BuiltLead, subjectLine } from "./adf-lead";
import type { LeadDestination } from "./destination.schema";
import { leadRecipients } from "./destinations";
import type { Lead, LeadStore } from "./lead.schema";
import {
  allowedAdParams,
  contextLines,
  customerMessage,
  leadVehicles,
  sellOfferLines,
  vehicleLines,
} from "./lead-notes";
import {
  formatLeadPhone,
  formatMiles,
  formatMoney,
  isoSeconds,
  LEAD_KIND_LABELS,
  singleLine,
  vehiclePrice,
  vehicleTitle,
} from "./text-format";

/** `Label: value` when the value is not blank. */
function line(label: string, value: string | number | null | undefined): string[] {
  const text = singleLine(value);
  return text === "" ? [] : [`${label}: ${text}`];
}

function section(title: string, lines: string[]): string[] {
  return lines.length === 0 ? [] : ["", title.toUpperCase(), ...lines];
}

function customerLines(lead: Lead): string[] {
  const { user } = lead;
  const address = user.address
    ? [
        [user.address.street, user.address.apartment].map(singleLine).filter(Boolean).join(", "),
        singleLine(user.address.city),
        [user.address.regioncode, user.address.postalcode].map(singleLine).filter(Boolean).join(" "),
      ]
        .filter(Boolean)
        .join(", ")
    : "";
  return [
    ...line("Name", [user.firstName, user.lastName].map(singleLine).filter(Boolean).join(" ")),
    ...line("Email", user.email),
    ...line("Phone", formatLeadPhone(user.phone)),
    ...line(user.address?.type === "delivery" ? "Delivery address" : "Home address", address),
  ];
}

function vehicleSections(lead: Lead): string[] {
  return leadVehicles(lead).flatMap((entry) => {
    if (entry.role === "sell") {
      const v = entry.vehicle;
      return section(entry.interest === "trade-in" ? "Trade-in" : "Vehicle to sell", [
        ...line("Vehicle", vehicleTitle(v)),
        ...line("VIN", singleLine(v.vin).toUpperCase()),
        ...line("Mileage", formatMiles(v.miles)),
        ...line("Offer price", v.price === null || v.price === undefined ? "" : formatMoney(v.price)),
        ...sellOfferLines(v),
      ]);
    }
    const v = entry.vehicle;
    const price = vehiclePrice(v);
    return section("Vehicle of interest", [
      ...line("Vehicle", vehicleTitle(entry.vehicle)),
      ...line("Condition", v.condition),
      ...line("Interest", entry.interest),
      ...line("VIN", singleLine(v.vin).toUpperCase()),
      ...line("Stock number", v.stockNumber),
      ...line("Mileage", v.mileage === null || v.mileage === undefined ? "" : formatMiles(v.mileage)),
      ...line("Price", price === undefined ? "" : formatMoney(price)),
      ...line("Body style", v.bodystyle),
      ...line("Transmission", v.transmission),
      ...line("Exterior color", v.exteriorcolor),
      ...line("Interior color", v.interiorcolor),
      ...vehicleLines(v).filter((l) => l !== "Certified pre-owned" || v.condition !== "certified"),
    ]);
  });
}

function storeLines(store: LeadStore): string[] {
  const { address } = store;
  return [
    singleLine(store.name),
    [address.line1, address.line2, address.city, [address.state, address.zip].map(singleLine).join(" ")]
      .map(singleLine)
      .filter(Boolean)
      .join(", "),
    ...line("Phone", formatLeadPhone(store.phone)),
    ...line("Web", store.url),
  ].filter(Boolean);
}

/**
 * The lead as a plain-text email for dealership staff (spec section 3, "Text lead"): labelled lines for the
 * customer, a block per vehicle, the appointment or application reference, the shopper's comments, and the ad
 * parameters the destination lists (only those). Single-value fields stay on one line, so nothing a shopper types
 * can forge a labelled line.
 */
export function buildTextLead(lead: Lead, destination: LeadDestination): BuiltLead {
  const vendor = lead.vendor
    ? [
        ...line("Vendor", lead.vendor.vendorName),
        ...line("Vendor contact", lead.vendor.fullName),
        ...line("Vendor email", lead.vendor.email),
        ...line("Vendor phone", formatLeadPhone(lead.vendor.phone)),
      ]
    : [];
  const message = customerMessage(lead);
  const body = [
    `New website lead: ${LEAD_KIND_LABELS[lead.kind]}`,
    ...line("Reference", lead.id),
    ...line("Received", isoSeconds(lead.createdAt)),
    ...line("Prospect", lead.status ?? "new"),
    ...section("Customer", customerLines(lead)),
    ...vehicleSections(lead),
    ...section("Details", [...contextLines(lead), ...vendor]),
    ...section("Comments", message.length === 0 ? [] : [message.join("\n\n")]),
    ...section(
      "Ad parameters",
      allowedAdParams(lead, destination).map(([key, value]) => `${singleLine(key)}: ${value}`),
    ),
    ...section("Store", storeLines(lead.store)),
  ].join("\n");
  return {
    subject: subjectLine(destination.subject),
    to: leadRecipients(lead, destination),
    body: `${body}\n`,
    type: "text",
  };
}

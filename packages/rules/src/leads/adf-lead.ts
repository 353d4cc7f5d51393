import type { LeadDestination } from "./destination.schema";
import { leadRecipients } from "./destinations";
import type { Lead, LeadStore } from "./lead.schema";
import {
  contextLines,
  customerMessage,
  type LeadVehicleEntry,
  leadVehicles,
  sellOfferLines,
  vehicleHeading,
  vehicleLines,
} from "./lead-notes";
import {
  formatLeadPhone,
  isoSeconds,
  LEAD_KIND_LABELS,
  plainAmount,
  singleLine,
  transmissionCode,
  vehiclePrice,
} from "./text-format";
import { element, optionalElement, renderXml, type XmlElement } from "./xml";

/** An email ready for the relay: what `POST {api}/email/send` carried in the spec, with the body already built. */
export interface BuiltLead {
  readonly subject: string;
  readonly to: string[];
  readonly body: string;
  readonly type: "adf" | "text";
}

/** The `source` of the prospect id: the system that issued the lead id. */
export const ADF_ID_SOURCE = "Showroom";

/** The ADF provider name when the destination names none: this website. */
export const DEFAULT_ADF_PROVIDER_NAME = "Showroom";

/** The part of a subject that can go into a mail header: one line. */
export function subjectLine(subject: string): string {
  return singleLine(subject);
}

interface ContactParts {
  names: XmlElement[];
  email: string;
  phone: string;
  address?: XmlElement | undefined;
}

/** The DTD's contact: names, then an email with phones or phones alone, then the address. */
function contact({ names, email, phone, address }: ContactParts): XmlElement {
  const phoneElement = element("phone", { type: "voice", time: "day" }, formatLeadPhone(phone));
  const channels =
    singleLine(email) !== ""
      ? [element("email", {}, singleLine(email)), singleLine(phone) !== "" ? phoneElement : undefined]
      : singleLine(phone) !== ""
        ? [phoneElement]
        : // The DTD needs an email or a phone; an empty email keeps the document valid when neither is known.
          [element("email", {}, "")];
  return element("contact", {}, [...names, ...channels, address]);
}

function vehicleElement(entry: LeadVehicleEntry, withComments: boolean): XmlElement {
  const attributes = { interest: entry.interest, status: entry.status };
  if (entry.role === "sell") {
    const v = entry.vehicle;
    return element("vehicle", attributes, [
      element("year", {}, String(v.year)),
      element("make", {}, singleLine(v.make)),
      element("model", {}, singleLine(v.model)),
      optionalElement("vin", singleLine(v.vin).toUpperCase()),
      optionalElement("trim", singleLine(v.trim)),
      element("odometer", { units: "mi" }, String(Math.round(v.miles))),
      v.price === null || v.price === undefined
        ? undefined
        : element("price", { type: "offer", currency: "USD" }, plainAmount(v.price)),
      withComments ? optionalElement("comments", sellOfferLines(v).join("\n")) : undefined,
    ]);
  }
  const v = entry.vehicle;
  const price = vehiclePrice(v);
  const colors =
    singleLine(v.interiorcolor) !== "" || singleLine(v.exteriorcolor) !== ""
      ? element("colorcombination", {}, [
          optionalElement("interiorcolor", singleLine(v.interiorcolor)),
          optionalElement("exteriorcolor", singleLine(v.exteriorcolor)),
          element("preference", {}, "1"),
        ])
      : undefined;
  const finance = v.finance
    ? element("finance", {}, [
        element("method", {}, v.finance.method),
        element(
          "amount",
          { type: v.finance.amountType ?? "total", limit: "exact", currency: "USD" },
          plainAmount(v.finance.amount),
        ),
      ])
    : undefined;
  const notes = vehicleLines(v).join("\n");
  return element("vehicle", attributes, [
    element("year", {}, String(v.year)),
    element("make", {}, singleLine(v.make)),
    element("model", {}, singleLine(v.model)),
    optionalElement("vin", singleLine(v.vin).toUpperCase()),
    optionalElement("stock", singleLine(v.stockNumber)),
    optionalElement("trim", singleLine(v.trim)),
    optionalElement("doors", singleLine(v.doors)),
    optionalElement("bodystyle", singleLine(v.bodystyle)),
    optionalElement("transmission", transmissionCode(v.transmission)),
    v.mileage === null || v.mileage === undefined
      ? undefined
      : element("odometer", { units: "mi" }, String(Math.round(v.mileage))),
    colors,
    price === undefined ? undefined : element("price", { type: "asking", currency: "USD" }, plainAmount(price)),
    finance,
    withComments ? optionalElement("comments", notes) : undefined,
  ]);
}

/**
 * A lead without a vehicle still needs one for the DTD (`prospect` takes `vehicle+`, and `vehicle` requires `year`,
 * `make` and `model`): those three empty, and nothing else, as CRMs expect. Every other element is left out when
 * the lead does not know it (ADR 332); a form that knows the car (a vehicle page's `?vin=`) fills them.
 */
function noVehicle(): XmlElement {
  return element("vehicle", { interest: "buy", status: "used" }, [
    element("year", {}, ""),
    element("make", {}, ""),
    element("model", {}, ""),
  ]);
}

function customerElement(lead: Lead, comments: string): XmlElement {
  const { user, appointment } = lead;
  const address = user.address
    ? element("address", { type: user.address.type }, [
        element("street", { line: "1" }, singleLine(user.address.street)),
        optionalElement("apartment", singleLine(user.address.apartment)),
        optionalElement("city", singleLine(user.address.city)),
        optionalElement("regioncode", singleLine(user.address.regioncode)),
        optionalElement("postalcode", singleLine(user.address.postalcode)),
        element("country", {}, "US"),
      ])
    : undefined;
  const timeframe = appointment
    ? element("timeframe", {}, [
        element("description", {}, LEAD_KIND_LABELS[lead.kind]),
        element("earliestdate", {}, singleLine(appointment.start_datetime)),
        optionalElement("latestdate", singleLine(appointment.end_datetime)),
      ])
    : undefined;
  return element("customer", {}, [
    contact({
      names: [
        element("name", { part: "first", type: "individual" }, singleLine(user.firstName)),
        element("name", { part: "last", type: "individual" }, singleLine(user.lastName)),
      ],
      email: user.email ?? "",
      phone: user.phone ?? "",
      address,
    }),
    timeframe,
    optionalElement("comments", comments),
  ]);
}

function storeAddress(store: LeadStore): XmlElement | undefined {
  if (singleLine(store.address.line1) === "") return undefined;
  return element("address", { type: "work" }, [
    element("street", { line: "1" }, singleLine(store.address.line1)),
    optionalElement("street", singleLine(store.address.line2), { line: "2" }),
    optionalElement("city", singleLine(store.address.city)),
    optionalElement("regioncode", singleLine(store.address.state)),
    optionalElement("postalcode", singleLine(store.address.zip)),
    element("country", {}, "US"),
  ]);
}

/**
 * The vendor (spec section 3): the store with its general manager as contact, or the vendor's own data when the
 * form named a vendor. A contact channel the vendor lacks falls back to the store's, since the DTD needs one (ADR 041).
 */
function vendorElement(lead: Lead): XmlElement {
  const { store, vendor } = lead;
  if (vendor) {
    const ownChannel = singleLine(vendor.email) !== "" || singleLine(vendor.phone) !== "";
    return element("vendor", {}, [
      element("vendorname", {}, singleLine(vendor.vendorName)),
      optionalElement("url", singleLine(vendor.url)),
      contact({
        names: [element("name", { part: "full" }, singleLine(vendor.fullName) || singleLine(vendor.vendorName))],
        email: ownChannel ? (vendor.email ?? "") : store.email,
        phone: ownChannel ? (vendor.phone ?? "") : store.phone,
      }),
    ]);
  }
  const manager = store.generalManager;
  const hasOwnChannel = singleLine(manager.email) !== "" || singleLine(manager.phone) !== "";
  return element("vendor", {}, [
    element("vendorname", {}, singleLine(store.name)),
    optionalElement("url", singleLine(store.url)),
    contact({
      names: [element("name", { part: "full" }, singleLine(manager.fullName) || singleLine(store.name))],
      email: hasOwnChannel ? manager.email : store.email,
      phone: hasOwnChannel ? manager.phone : store.phone,
      address: storeAddress(store),
    }),
  ]);
}

function providerElement(lead: Lead, destination: LeadDestination): XmlElement {
  const provider = destination.adfProvider;
  const phone = provider?.phone ?? lead.store.phone;
  return element("provider", {}, [
    element("name", { part: "full" }, singleLine(provider?.name ?? DEFAULT_ADF_PROVIDER_NAME)),
    // A blank service in the destination says nothing: the form's own label is what the lead knows.
    element("service", {}, singleLine(provider?.service ?? "") || LEAD_KIND_LABELS[lead.kind]),
    optionalElement("url", singleLine(provider?.url ?? lead.store.url)),
    optionalElement("email", singleLine(provider?.email ?? lead.store.email)),
    singleLine(phone) === "" ? undefined : element("phone", { type: "voice", time: "day" }, formatLeadPhone(phone)),
  ]);
}

/**
 * The lead as an ADF 1.0 email (spec section 3, "ADF lead"): the body is `<?xml version="1.0"?>`, then
 * `<?adf version="1.0"?>`, then one prospect in DTD order, every value escaped; it validates against
 * `adf-1.0-errata.dtd`. When the destination merges comments, the vehicles' comments join the customer's, the one
 * block every CRM reads, since the DTD has no prospect-level comments.
 */
export function buildAdfLead(lead: Lead, destination: LeadDestination): BuiltLead {
  const vehicles = leadVehicles(lead);
  const merge = destination.mergeCommentsIntoTop;
  const vehicleNotes = merge
    ? vehicles.flatMap((entry) => {
        const lines = entry.role === "interest" ? vehicleLines(entry.vehicle) : sellOfferLines(entry.vehicle);
        return lines.length > 0 ? [[vehicleHeading(entry), ...lines].join("\n")] : [];
      })
    : [];
  const comments = [...customerMessage(lead), contextLines(lead).join("\n"), ...vehicleNotes]
    .filter(Boolean)
    .join("\n\n");
  const prospect = element("prospect", { status: lead.status ?? "new" }, [
    optionalElement("id", singleLine(lead.id), { sequence: "1", source: ADF_ID_SOURCE }),
    element("requestdate", {}, isoSeconds(lead.createdAt)),
    ...(vehicles.length > 0 ? vehicles.map((entry) => vehicleElement(entry, !merge)) : [noVehicle()]),
    customerElement(lead, comments),
    vendorElement(lead),
    providerElement(lead, destination),
  ]);
  const body = ['<?xml version="1.0"?>', '<?adf version="1.0"?>', renderXml(element("adf", {}, [prospect]))].join("\n");
  return {
    subject: subjectLine(destination.subject),
    to: leadRecipients(lead, destination),
    body: `${body}\n`,
    type: "adf",
  };
}

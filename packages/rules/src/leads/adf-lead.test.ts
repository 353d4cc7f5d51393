import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildAdfLead } from "./adf-lead";
import { buildLead } from "./build-lead";
import { LEAD_KINDS, type Lead } from "./lead.schema";
import { destinationArbitrary, leadArbitrary } from "./test-arbitraries";
import { exampleDestination, exampleLead, exampleStore, exampleVehicle } from "./test-leads";

/** The opening tags of each vehicle element, in document order. */
function vehicleTags(body: string): string[] {
  return [...body.matchAll(/<vehicle [^>]*>/g)].map((m) => m[0]);
}

/** The markup from the first `<parent …>` to the first `</parent>`. */
function section(body: string, parent: string): string {
  const start = body.search(new RegExp(`<${parent}[ >]`));
  const end = body.indexOf(`</${parent}>`);
  return start < 0 || end < 0 ? "" : body.slice(start, end);
}

const tradeIn = { make: "Honda", model: "Civic", year: 2015, miles: 88000 };

/**
 * The elements the ADF DTD requires somewhere (named in a content model without `?` or `*`, outside a choice): the
 * only ones a lead may send empty, since leaving them out would not validate.
 */
const DTD_REQUIRED = new Set([
  // A contact takes `((email, phone*) | phone+)`: with neither known, the DTD still needs one, an empty email.
  "email",
  ...[
    ...readFileSync(fileURLToPath(new URL("../../standards/adf/adf-1.0-errata.dtd", import.meta.url)), "utf8").matchAll(
      /<!ELEMENT \w+ \(([^)]*)\)>/g,
    ),
  ]
    .flatMap((m) => ((m[1] as string).includes("|") ? [] : (m[1] as string).split(",")))
    .map((part) => part.trim())
    .filter((part) => /^[a-z]+\+?$/.test(part))
    .map((part) => part.replace("+", "")),
]);

describe("ADF lead", () => {
  it("starts with the XML declaration, then the ADF processing instruction, then <adf>", () => {
    const { body, type } = buildAdfLead(exampleLead("UNLOCK_PRICE", { vehicle: exampleVehicle }), exampleDestination);
    expect(type).toBe("adf");
    expect(body.split("\n").slice(0, 3)).toEqual(['<?xml version="1.0"?>', '<?adf version="1.0"?>', "<adf>"]);
  });

  it("carries the lead id as the prospect id from Showroom, the status, and an ISO 8601 request date", () => {
    const lead = exampleLead("CONTACT_SALES", { id: "lead-9f3", status: "resend" });
    const { body } = buildAdfLead(lead, exampleDestination);
    expect(body).toContain('<prospect status="resend">');
    expect(body).toContain('<id sequence="1" source="Showroom">lead-9f3</id>');
    expect(body).toContain("<requestdate>2026-11-23T16:05:09Z</requestdate>");
  });

  it("a lead without a status is a new prospect", () => {
    expect(buildAdfLead(exampleLead("CONTACT_SALES"), exampleDestination).body).toContain('<prospect status="new">');
  });

  it.each<[string, Partial<Lead>, Lead["kind"], string[]]>([
    ["a test drive", { vehicle: exampleVehicle }, "SCHEDULE_TEST_DRIVE", ['interest="test-drive" status="used"']],
    ["an unlocked price", { vehicle: exampleVehicle }, "UNLOCK_PRICE", ['interest="buy" status="used"']],
    [
      "a new car",
      { vehicle: { ...exampleVehicle, condition: "new" } },
      "UNLOCK_PRICE",
      ['interest="buy" status="new"'],
    ],
    ["a certified car", { vehicle: { ...exampleVehicle, condition: "certified" } }, "UNLOCK_PRICE", ['status="used"']],
    ["a vehicle sold on its own", { sellVehicle: tradeIn }, "SELL_OR_TRADE", ['interest="sell" status="used"']],
    [
      "a trade toward a vehicle",
      { vehicle: exampleVehicle, sellVehicle: tradeIn },
      "SELL_OR_TRADE",
      ['interest="buy" status="used"', 'interest="trade-in" status="used"'],
    ],
    ["the sell form's own vehicle", { vehicle: exampleVehicle }, "SELL_OR_TRADE", ['interest="sell" status="used"']],
    [
      "a vehicle whose interest is given",
      { vehicle: { ...exampleVehicle, interest: "trade-in" } },
      "SCHEDULE_TEST_DRIVE",
      ['interest="trade-in" status="used"'],
    ],
    [
      "lease financing",
      { vehicle: { ...exampleVehicle, finance: { method: "lease", amount: 2000, amountType: "downpayment" } } },
      "APPLY_FINANCING",
      ['interest="lease" status="used"'],
    ],
  ])("%s gives the vehicle interest and status the form implies", (_, parts, kind, expected) => {
    const tags = vehicleTags(buildAdfLead(exampleLead(kind, parts), exampleDestination).body);
    expect(tags).toHaveLength(expected.length);
    expected.forEach((attributes, i) => {
      expect(tags[i]).toContain(attributes);
    });
  });

  it("a vehicle to sell gives make, model, year and its miles as the odometer", () => {
    const { body } = buildAdfLead(exampleLead("SELL_OR_TRADE", { sellVehicle: tradeIn }), exampleDestination);
    expect(body).toContain(
      [
        '<vehicle interest="sell" status="used">',
        "      <year>2015</year>",
        "      <make>Honda</make>",
        "      <model>Civic</model>",
        '      <odometer units="mi">88000</odometer>',
        "    </vehicle>",
      ].join("\n"),
    );
  });

  it("writes the listed vehicle's details in DTD order with A/M transmission, colors and the sale price", () => {
    const { body } = buildAdfLead(exampleLead("UNLOCK_PRICE", { vehicle: exampleVehicle }), exampleDestination);
    const order = ["<year>", "<make>", "<model>", "<vin>", "<stock>", "<trim>", "<bodystyle>", "<transmission>"]
      .concat(["<odometer", "<colorcombination>", "<price", "<comments>"])
      .map((tag) => body.indexOf(tag));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(body).toContain("<transmission>A</transmission>");
    expect(body).toContain('<odometer units="mi">31250</odometer>');
    expect(body).toContain('<price type="asking" currency="USD">23950</price>');
    expect(body).toContain("<interiorcolor>Black</interiorcolor>");
    expect(body).toContain("<preference>1</preference>");
  });

  it("writes the customer's names, email, phone in the ADF mask with voice/day, and address", () => {
    const lead = exampleLead("CONTACT_SALES", {
      user: {
        firstName: "Dana",
        lastName: "Reyes",
        email: "dana.reyes@example.com",
        phone: "1-314-555-0142",
        address: { type: "delivery", street: "12 Main St", city: "St. Louis", regioncode: "MO", postalcode: "63101" },
      },
    });
    const customer = section(buildAdfLead(lead, exampleDestination).body, "customer");
    expect(customer).toContain('<name part="first" type="individual">Dana</name>');
    expect(customer).toContain('<name part="last" type="individual">Reyes</name>');
    expect(customer).toContain("<email>dana.reyes@example.com</email>");
    expect(customer).toContain('<phone type="voice" time="day">+1 (314) 555-0142</phone>');
    expect(customer).toContain('<address type="delivery">');
    expect(customer).toContain('<street line="1">12 Main St</street>');
  });

  it("a customer with only a phone gets the phone without an email element", () => {
    const lead = exampleLead("CONTACT_SALES", { user: { firstName: "Dana", lastName: "Reyes", phone: "3145550142" } });
    const customer = section(buildAdfLead(lead, exampleDestination).body, "customer");
    expect(customer).not.toContain("<email>");
    expect(customer).toContain("+1 (314) 555-0142");
  });

  it("the vendor defaults to the store with its general manager as contact", () => {
    const vendor = section(buildAdfLead(exampleLead("CONTACT_SALES"), exampleDestination).body, "vendor");
    expect(vendor).toContain(`<vendorname>${exampleStore.name}</vendorname>`);
    expect(vendor).toContain('<name part="full">Pat Kowalski</name>');
    expect(vendor).toContain("<email>pat.kowalski@dealer.example.com</email>");
    expect(vendor).toContain("+1 (314) 555-0101");
    expect(vendor).toContain('<street line="1">1200 Auto Way</street>');
  });

  it("a named vendor replaces the store with its own data", () => {
    const lead = exampleLead("FULL_CREDIT_APP", {
      vendor: { vendorName: "Gateway Auto Credit", fullName: "Sam Ortiz", email: "sam@gateway.example.com" },
    });
    const vendor = section(buildAdfLead(lead, exampleDestination).body, "vendor");
    expect(vendor).toContain("<vendorname>Gateway Auto Credit</vendorname>");
    expect(vendor).toContain('<name part="full">Sam Ortiz</name>');
    expect(vendor).toContain("<email>sam@gateway.example.com</email>");
    expect(vendor).not.toContain("Pat Kowalski");
    expect(vendor).not.toContain(exampleStore.name);
  });

  it("a named vendor without an email or phone is reached through the store", () => {
    const lead = exampleLead("FULL_CREDIT_APP", { vendor: { vendorName: "Gateway Auto Credit" } });
    const vendor = section(buildAdfLead(lead, exampleDestination).body, "vendor");
    expect(vendor).toContain('<name part="full">Gateway Auto Credit</name>');
    expect(vendor).toContain(`<email>${exampleStore.email}</email>`);
  });

  it("the provider is Showroom with the form as service unless the destination names one", () => {
    const own = section(buildAdfLead(exampleLead("SCHEDULE_TEST_DRIVE"), exampleDestination).body, "provider");
    expect(own).toContain('<name part="full">Showroom</name>');
    expect(own).toContain("<service>Schedule test drive</service>");
    expect(own).toContain(`<url>${exampleStore.url}</url>`);
    const named = section(
      buildAdfLead(exampleLead("SCHEDULE_TEST_DRIVE"), {
        ...exampleDestination,
        adfProvider: { name: "Lot Partners", service: "Website", email: "adf@lot.example.com" },
      }).body,
      "provider",
    );
    expect(named).toContain('<name part="full">Lot Partners</name>');
    expect(named).toContain("<service>Website</service>");
    expect(named).toContain("<email>adf@lot.example.com</email>");
  });

  it("an appointment becomes the customer's timeframe and a comment with its status", () => {
    const lead = exampleLead("SERVICE", {
      appointment: {
        appointment_id: "SA-88",
        start_datetime: "2026-11-24T10:00:00-06:00",
        end_datetime: "2026-11-24T11:00:00-06:00",
        notes_general: "Rattle from the back",
        repair_order_lines: [{ op_code: "OIL1", name: "Oil change", notes_narrative: "Synthetic" }],
      },
    });
    const customer = section(buildAdfLead(lead, exampleDestination).body, "customer");
    expect(customer).toContain("<earliestdate>2026-11-24T10:00:00-06:00</earliestdate>");
    expect(customer).toContain("<latestdate>2026-11-24T11:00:00-06:00</latestdate>");
    expect(customer).toContain("Appointment (reschedule): 2026-11-24T10:00:00-06:00 to 2026-11-24T11:00:00-06:00");
    expect(customer).toContain("Repair: OIL1 Oil change: Synthetic");
  });

  it("merging comments moves the vehicle's comments into the customer's comments", () => {
    const lead = exampleLead("UNLOCK_PRICE", { vehicle: { ...exampleVehicle, condition: "certified" } });
    const separate = buildAdfLead(lead, exampleDestination).body;
    const merged = buildAdfLead(lead, { ...exampleDestination, mergeCommentsIntoTop: true }).body;
    expect(section(separate, "vehicle")).toContain("<comments>Certified pre-owned");
    expect(section(merged, "vehicle")).not.toContain("<comments>");
    expect(separate.match(/<comments>/g)).toHaveLength(2);
    expect(merged.match(/<comments>/g)).toHaveLength(1);
    const customer = section(merged, "customer");
    expect(customer).toContain("Is this one still available?");
    expect(customer).toContain("Vehicle of interest: 2021 Toyota Camry SE\nCertified pre-owned");
    expect(customer).toContain(`Listing: ${exampleVehicle.url}`);
  });

  it("a lead without any vehicle still has the one vehicle the DTD requires, empty", () => {
    const { body } = buildAdfLead(exampleLead("CAREERS"), exampleDestination);
    expect(vehicleTags(body)).toEqual(['<vehicle interest="buy" status="used">']);
    expect(body).toContain("<year></year>");
  });

  it("property: what a lead does not know is left out: an element is empty only where the DTD requires it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LEAD_KINDS).chain(leadArbitrary), destinationArbitrary, (lead, destination) => {
        const { body } = buildAdfLead(lead, destination);
        const empty = [...body.matchAll(/<([a-z]+)(?: [^>]*)?(?:\/>|><\/\1>)/g)].map((m) => m[1] as string);
        expect(empty.filter((name) => !DTD_REQUIRED.has(name))).toEqual([]);
        // Year, make and model are empty only in the one vehicle a lead without any vehicle must still send.
        if (lead.vehicle || lead.sellVehicle) expect(body).not.toContain("<year></year>");
      }),
      { numRuns: 300 },
    );
    // Every kind of lead with hostile values: well under a second alone, longer on a busy machine.
  }, 60_000);

  it("every generated lead has exactly one vehicle element per vehicle it carries, and at least one", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("SELL_OR_TRADE" as const, "UNLOCK_PRICE" as const).chain(leadArbitrary),
        destinationArbitrary,
        (lead, destination) => {
          const count = vehicleTags(buildAdfLead(lead, destination).body).length;
          expect(count).toBe(Math.max(1, Number(lead.vehicle !== undefined) + Number(lead.sellVehicle !== undefined)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("buildLead follows the destination's type", () => {
    const lead = exampleLead("CONTACT_SALES");
    expect(buildLead(lead, exampleDestination).type).toBe("adf");
    expect(buildLead(lead, { ...exampleDestination, type: "text" }).type).toBe("text");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FORM_KINDS, LEAD_KINDS } from "./lead.schema";
import { destinationArbitrary, hostileString, leadArbitrary } from "./test-arbitraries";
import { exampleDestination, exampleLead, exampleVehicle } from "./test-leads";
import { buildTextLead } from "./text-lead";

const textDestination = { ...exampleDestination, type: "text" as const };

/** Characters no plain-text email body should carry: controls other than tab and newline, and non-characters. */
function isUnwanted(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0;
  const control = (cp < 0x20 && cp !== 0x9 && cp !== 0xa) || (cp >= 0x7f && cp <= 0x9f);
  return control || cp === 0xfffe || cp === 0xffff || (cp >= 0xd800 && cp <= 0xdfff);
}

describe("text lead", () => {
  it("is readable: labelled lines for the lead and customer, a vehicle block, comments and the store", () => {
    const lead = exampleLead("SCHEDULE_TEST_DRIVE", {
      vehicle: exampleVehicle,
      sellVehicle: { make: "Honda", model: "Civic", year: 2015, miles: 88000 },
      user: {
        firstName: "Dana",
        lastName: "Reyes",
        email: "dana.reyes@example.com",
        phone: "314.555.0142",
        comments: "Evenings are best",
        address: {
          type: "home",
          street: "12 Main St",
          apartment: "4B",
          city: "St. Louis",
          regioncode: "MO",
          postalcode: "63101",
        },
      },
      appointment: { start_datetime: "2026-11-24T10:00:00-06:00" },
    });
    const { body, type, subject, to } = buildTextLead(lead, textDestination);
    expect(type).toBe("text");
    expect(subject).toBe("Website Lead");
    expect(to).toEqual(["leads@crm.example.com"]);
    const lines = body.split("\n");
    expect(lines[0]).toBe("New website lead: Schedule test drive");
    expect(lines).toEqual(
      expect.arrayContaining([
        "Reference: lead-0001",
        "Received: 2026-11-23T16:05:09Z",
        "Prospect: new",
        "CUSTOMER",
        "Name: Dana Reyes",
        "Email: dana.reyes@example.com",
        "Phone: +1 (314) 555-0142",
        "Home address: 12 Main St, 4B, St. Louis, MO 63101",
        "VEHICLE OF INTEREST",
        "Vehicle: 2021 Toyota Camry SE",
        "Interest: test-drive",
        "VIN: 4T1G11AK5MU123456",
        "Mileage: 31,250 mi",
        "Price: $23,950",
        `Listing: ${exampleVehicle.url}`,
        "TRADE-IN",
        "Vehicle: 2015 Honda Civic",
        "Mileage: 88,000 mi",
        "Appointment (new): 2026-11-24T10:00:00-06:00",
        "COMMENTS",
        "Is this one still available?",
        "Evenings are best",
        "STORE",
        "Showroom Motors St. Louis",
      ]),
    );
  });

  it("appends only the ad parameters the destination lists, in its order", () => {
    const lead = exampleLead("CONTACT_SALES", {
      adParams: { gclid: "Cj0KCQ", utm_campaign: "fall-sale", utm_source: "google", utm_medium: "" },
    });
    const { body } = buildTextLead(lead, {
      ...textDestination,
      adParams: ["utm_source", "utm_medium", "utm_campaign"],
    });
    const after = body.split("AD PARAMETERS\n")[1]?.split("\n\n")[0];
    expect(after).toBe("utm_source: google\nutm_campaign: fall-sale");
    expect(body).not.toContain("gclid");
  });

  it("no ad parameter section when the destination lists none", () => {
    const lead = exampleLead("CONTACT_SALES", { adParams: { utm_source: "google" } });
    expect(buildTextLead(lead, { ...textDestination, adParams: [] }).body).not.toContain("AD PARAMETERS");
  });

  it("an ad parameter reaches the body exactly when the destination lists it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LEAD_KINDS).chain(leadArbitrary),
        destinationArbitrary,
        fc.stringMatching(/^[a-z]{12}$/),
        (lead, destination, marker) => {
          const key = "utm_source";
          const body = buildTextLead({ ...lead, adParams: { ...lead.adParams, [key]: marker } }, destination).body;
          expect(body.includes(`${key}: ${marker}`)).toBe(destination.adParams.includes(key));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a staff message also goes to the staff member's primary email, once", () => {
    const lead = exampleLead("STAFF_MEMBER");
    expect(buildTextLead(lead, textDestination).to).toEqual(["leads@crm.example.com", "jordan.lee@dealer.example.com"]);
    const already = { ...textDestination, to: ["JORDAN.LEE@dealer.example.com"] };
    expect(buildTextLead(lead, already).to).toEqual(["JORDAN.LEE@dealer.example.com"]);
    const notStaff = exampleLead("CONTACT_SALES", {
      staffMember: { fullName: "Jordan Lee", email: "jordan@x.example.com" },
    });
    expect(buildTextLead(notStaff, textDestination).to).toEqual(["leads@crm.example.com"]);
  });

  it("nothing typed into a one-line field can start a line of its own", () => {
    fc.assert(
      fc.property(hostileString, hostileString, (before, after) => {
        const forged = `${before}\nForged: yes\r\n${after}`;
        const lead = exampleLead("UNLOCK_PRICE", {
          id: forged,
          user: {
            firstName: `D${forged}`,
            lastName: `R${forged}`,
            email: "d@example.com",
            phone: `${forged}3145550142`,
          },
          vehicle: { ...exampleVehicle, make: forged, trim: forged, vin: forged, stockNumber: forged },
        });
        const lines = buildTextLead(lead, textDestination).body.split("\n");
        expect(lines.filter((l) => l.startsWith("Forged: yes"))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it("every generated text lead has a one-line subject and a body without control characters", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LEAD_KINDS).chain(leadArbitrary), destinationArbitrary, (lead, destination) => {
        const built = buildTextLead(lead, destination);
        expect(built.subject).not.toMatch(/[\r\n]/);
        expect([...built.body].filter(isUnwanted)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it("names each of the fourteen form kinds but DEFAULT in its heading", () => {
    expect(FORM_KINDS.filter((k) => k !== "DEFAULT")).toEqual([...LEAD_KINDS]);
    const headings = LEAD_KINDS.map((kind) => buildTextLead(exampleLead(kind), textDestination).body.split("\n")[0]);
    expect(new Set(headings).size).toBe(LEAD_KINDS.length);
  });
});

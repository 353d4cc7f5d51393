import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { buildAdfLead } from "./adf-lead";
import { type SellVehicle, sellVehicleSchema } from "./lead.schema";
import { sellOfferLines } from "./lead-notes";
import { sellVehicleArbitrary } from "./test-arbitraries";
import { exampleDestination, exampleLead, exampleVehicle } from "./test-leads";
import { buildTextLead } from "./text-lead";

const DTD = fileURLToPath(new URL("../../standards/adf/adf-1.0-errata.dtd", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "sell-offer-adf-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** xmllint's verdict on one document against the ADF DTD. */
function lint(xml: string): { status: number | null; stderr: string } {
  const file = join(scratch, `lead-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml, "utf8");
  const run = spawnSync("xmllint", ["--noout", "--dtdvalid", DTD, file], { encoding: "utf8" });
  if (run.error) throw new Error("xmllint is not installed: install libxml2-utils to validate ADF leads");
  return { status: run.status, stderr: run.stderr };
}

const offered: SellVehicle = {
  year: 2019,
  make: "Toyota",
  model: "RAV4",
  trim: "XLE",
  vin: "2t3p1rfv8kw012345",
  miles: 48_200,
  interest: "sell",
  price: 17_415,
  offer: {
    id: "Qm9vS3dXb2ZmZXJJZDEyMw",
    validUntil: "2026-12-03",
    url: "https://showroom.example.com/sell-trade-my-car/offer/Qm9vS3dXb2ZmZXJJZDEyMw",
    rulesVersion: "3f2a9c0d1e4b5a67",
    valuation: { source: "Showroom demo valuation book (not market data)", asOf: "2026-11-26" },
    outcome: "offer",
    reasons: [],
    cashNow: {
      price: 17_415,
      withheld: null,
      deductions: [{ question: "How worn is the interior?", answer: "Minor: light stains or scuffs", amount: 100 }],
    },
    moreCashLater: {
      price: 18_910,
      withheld: null,
      reserve: 12_858,
      profitShare: 6_052,
      reservePercent: 68,
      profitSharePercent: 32,
      deductions: [{ question: "How worn is the interior?", answer: "Minor: light stains or scuffs", amount: 212.43 }],
    },
  },
};

describe("a SELL_OR_TRADE lead carries its offer", () => {
  it("the ADF vehicle to sell has interest, status used, year, make, model, VIN, trim, miles, the Cash Now price as an offer price, and the offer in its comments; it validates", () => {
    const { body } = buildAdfLead(exampleLead("SELL_OR_TRADE", { sellVehicle: offered }), exampleDestination);
    expect(body).toContain('<vehicle interest="sell" status="used">');
    expect(body).toContain("<vin>2T3P1RFV8KW012345</vin>");
    expect(body).toContain("<trim>XLE</trim>");
    expect(body).toContain('<odometer units="mi">48200</odometer>');
    expect(body).toContain('<price type="offer" currency="USD">17415</price>');
    for (const line of [
      "Offer Qm9vS3dXb2ZmZXJJZDEyMw, valid until 2026-12-03",
      "Outcome: instant online offer",
      "Cash Now: $17,415",
      "More Cash Later: $18,910: reserve check $12,858 (68%) + profit-sharing check $6,052 (32%)",
      "Cash Now deduction: How worn is the interior? Minor: light stains or scuffs: -$100",
      "More Cash Later deduction: How worn is the interior? Minor: light stains or scuffs: -$212.43",
      "Valuation: Showroom demo valuation book (not market data), as of 2026-11-26",
      "Offer rules version: 3f2a9c0d1e4b5a67",
    ]) {
      expect(body).toContain(line);
    }
    expect(lint(body)).toEqual({ status: 0, stderr: "" });
  });

  it("an offer priced in an experiment names the experiment, its side and the published version that priced it", () => {
    const offer = offered.offer as NonNullable<SellVehicle["offer"]>;
    const inExperiment = (arm: "variant" | "control") => ({
      ...offered,
      offer: { ...offer, rulesPublished: 4, experiment: { name: "offer-rules-v4", arm } },
    });
    expect(sellOfferLines(inExperiment("variant")).slice(-2)).toEqual([
      "Experiment: offer-rules-v4 (variant, priced with the rules it names)",
      "Offer rules version: 3f2a9c0d1e4b5a67 (published version 4)",
    ]);
    expect(sellOfferLines(inExperiment("control")).at(-2)).toBe(
      "Experiment: offer-rules-v4 (control, priced with the live rules)",
    );
    const { body } = buildAdfLead(
      exampleLead("SELL_OR_TRADE", { sellVehicle: inExperiment("variant") }),
      exampleDestination,
    );
    expect(body).toContain("Offer rules version: 3f2a9c0d1e4b5a67 (published version 4)");
    expect(body).toContain("Experiment: offer-rules-v4 (variant, priced with the rules it names)");
    expect(lint(body)).toEqual({ status: 0, stderr: "" });
  });

  it("the desk's facts stay with the lead: the valuation's source and day, and the rules version, come last", () => {
    const lines = sellOfferLines(offered);
    expect(lines.slice(-2)).toEqual([
      "Valuation: Showroom demo valuation book (not market data), as of 2026-11-26",
      "Offer rules version: 3f2a9c0d1e4b5a67",
    ]);
    const unvalued = {
      ...offered,
      offer: { ...(offered.offer as NonNullable<SellVehicle["offer"]>), valuation: null },
    };
    expect(sellOfferLines(unvalued).some((line) => line.startsWith("Valuation:"))).toBe(false);
  });

  it("a trade-in is interest trade-in; a bring-in lists its reasons and has no offer price", () => {
    const bringIn: SellVehicle = {
      ...offered,
      interest: "trade-in",
      price: null,
      offer: {
        ...(offered.offer as NonNullable<SellVehicle["offer"]>),
        outcome: "bring-in",
        reasons: ["The mileage is too high for an online offer."],
        cashNow: null,
        moreCashLater: null,
      },
    };
    const { body } = buildAdfLead(exampleLead("SELL_OR_TRADE", { sellVehicle: bringIn }), exampleDestination);
    expect(body).toContain('<vehicle interest="trade-in" status="used">');
    expect(body).not.toContain("<price");
    expect(body).toContain(
      "Outcome: bring the vehicle in (no online price). The mileage is too high for an online offer.",
    );
    expect(lint(body)).toEqual({ status: 0, stderr: "" });
  });

  it("next to a vehicle of interest, the vehicle to sell keeps the interest the shopper chose", () => {
    const lead = exampleLead("SELL_OR_TRADE", {
      vehicle: exampleVehicle,
      sellVehicle: { ...offered, interest: "sell" },
    });
    const { body } = buildAdfLead(lead, exampleDestination);
    expect(body).toContain('<vehicle interest="sell" status="used">');
  });

  it("the text lead carries the same facts as the ADF comments", () => {
    const lead = exampleLead("SELL_OR_TRADE", { sellVehicle: offered });
    const text = buildTextLead(lead, { ...exampleDestination, type: "text" }).body;
    expect(text).toContain("VEHICLE TO SELL");
    expect(text).toContain("Vehicle: 2019 Toyota RAV4 XLE");
    expect(text).toContain("VIN: 2T3P1RFV8KW012345");
    expect(text).toContain("Offer price: $17,415");
    for (const line of sellOfferLines(offered)) expect(text).toContain(line);
  });

  it("with merged comments the offer lines move to the customer's comments and the document still validates", () => {
    const lead = exampleLead("SELL_OR_TRADE", { sellVehicle: offered });
    const { body } = buildAdfLead(lead, { ...exampleDestination, mergeCommentsIntoTop: true });
    const customer = body.slice(body.indexOf("<customer>"), body.indexOf("</customer>"));
    expect(customer).toContain("Offer rules version: 3f2a9c0d1e4b5a67");
    expect(lint(body)).toEqual({ status: 0, stderr: "" });
  });

  it("property: every offer line of any vehicle to sell is one line, and each listed deduction appears once per offer", () => {
    fc.assert(
      fc.property(sellVehicleArbitrary, (vehicle) => {
        const parsed = sellVehicleSchema.parse(vehicle);
        const lines = sellOfferLines(parsed);
        for (const line of lines) expect(line).not.toMatch(/[\r\n]/);
        if (!parsed.offer) {
          expect(lines).toEqual([]);
          return;
        }
        const counted = (prefix: string) => lines.filter((l) => l.startsWith(`${prefix} deduction:`)).length;
        expect(counted("Cash Now")).toBe(parsed.offer.cashNow?.deductions.length ?? 0);
        expect(counted("More Cash Later")).toBe(parsed.offer.moreCashLater?.deductions.length ?? 0);
        expect(lines.at(-1)).toMatch(/^Offer rules version: /);
      }),
      { numRuns: 300 },
    );
  });
});

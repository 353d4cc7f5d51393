import type { PaymentEstimateChoices } from "@showroom/forms";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { estimatorView } from "../../content/financing.server";
import type { SliderView } from "../forms/amount-slider";
import { liveView } from "./estimator-live";

/** The server's view with no query: what the page renders before the shopper moves anything. */
const rendered = estimatorView(new URLSearchParams());

/** Any value a slider can show: its minimum plus a whole number of steps. */
const onSlider = ({ min, max, step }: SliderView) =>
  fc.integer({ min: 0, max: Math.floor((max - min) / step) }).map((steps) => min + steps * step);

const reachable = fc.record({
  price: onSlider(rendered.sliders.price),
  cashDown: onSlider(rendered.sliders.cashDown),
  tradeEquity: onSlider(rendered.sliders.tradeEquity),
  creditScore: onSlider(rendered.sliders.creditScore),
  termMonths: onSlider(rendered.sliders.termMonths),
  vehicleYear: fc.constantFrom(...rendered.years),
});

describe("the live estimator (ADR 427)", () => {
  it("for any choices the sliders and the year can reach, the browser's view is the server's view of the same query", () => {
    fc.assert(
      fc.property(reachable, (drawn) => {
        // In the order the server's choices have, as the live estimator keeps them (its link's query follows it).
        const choices = Object.fromEntries(
          Object.keys(rendered.choices).map((key) => [key, drawn[key as keyof PaymentEstimateChoices]]),
        ) as unknown as PaymentEstimateChoices;
        const query = new URLSearchParams(Object.entries(choices).map(([k, v]) => [k, String(v)]));
        expect(liveView(rendered, choices)).toEqual(estimatorView(query));
      }),
      { numRuns: 200 },
    );
  });
});

import financing from "@showroom/fixtures/translations/en/financing.json" with { type: "json" };
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { EstimateResult } from "./estimate-result";
import type { EstimatorView } from "./types";

/** The estimate's answer for a credit score, rendered with the site's own estimator texts. */
function rendered(creditScore: number): string {
  const view = {
    choices: { price: 9_000, cashDown: 2_000, tradeEquity: 0, creditScore, termMonths: 72, vehicleYear: 2016 },
    programFromYear: 2018,
    fees: [],
    estimate: {
      monthly: "$78.52",
      amountFinanced: "$7,368.03",
      apr: "21.49",
      aprBase: "11.49",
      aprSurcharge: null,
      aprProgram: null,
      termMonths: 72,
    },
    applyHref: "/auto-financing/apply-for-financing",
  } as unknown as EstimatorView;
  const router = createMemoryRouter([
    { path: "/", element: createElement(EstimateResult, { view, texts: financing.estimator }) },
  ]);
  return renderToStaticMarkup(createElement(RouterProvider, { router }));
}

describe("the estimate's base rate line", () => {
  it("puts the article English reads before the score: an 850, an 800, a 450, a 720", () => {
    expect(rendered(850)).toContain("Base rate for an 850 credit score");
    expect(rendered(800)).toContain("Base rate for an 800 credit score");
    expect(rendered(450)).toContain("Base rate for a 450 credit score");
    expect(rendered(720)).toContain("Base rate for a 720 credit score");
  });
});

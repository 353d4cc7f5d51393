import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { DoneChoices } from "../unlock-price/stepper-form";
import { preApprovalPath } from "./pre-approval-link";

describe("the pre-approval link from a car", () => {
  it("property: the link names the car's VIN, read back exactly by the form's ?vin=", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/), (vin) => {
        const url = new URL(preApprovalPath(vin), "https://showroom.example");
        expect(url.pathname).toBe("/auto-financing/apply-for-financing");
        expect(url.searchParams.get("vin")).toBe(vin);
      }),
    );
  });

  it("the price stepper's done screen sends Get pre-approved with the car it priced", async () => {
    const vehicle = { vin: "JTDKBRFU9G3012345", href: "/used-cars-for-sale/2016-toyota-yaris-JTDKBRFU9G3012345" };
    const router = createMemoryRouter(
      [
        {
          path: "/",
          element: createElement(DoneChoices, {
            vehicle: vehicle as Parameters<typeof DoneChoices>[0]["vehicle"],
            texts: { choices: { title: "Next", keepBrowsing: "Keep browsing", getPreApproved: "Get pre-approved" } },
          }),
        },
      ],
      { initialEntries: ["/"] },
    );
    const html = renderToStaticMarkup(createElement(RouterProvider, { router }));
    expect(html).toContain(`href="/auto-financing/apply-for-financing?vin=${vehicle.vin}"`);
  });
});

import { beforeAll, describe, it } from "vitest";
import { axeViolations, describeViolations } from "./support/axe";
import { openPage } from "./support/browser";
import { siteAndBrowserForFile } from "./support/site-for-file";

const world = siteAndBrowserForFile();
let vehiclePath = "";

beforeAll(async () => {
  const vehicles = (await (await fetch(`${world.site.url}/api/___sitemaps___/vehicles?without=1`)).json()) as {
    loc: string;
  }[];
  vehiclePath = vehicles[0]?.loc ?? "";
});

/** Every page of the shell, one of each kind (the home page and 404 have their own files). */
const PAGES = [
  "/auto-financing",
  "/auto-financing/apply-for-financing",
  "/auto-financing/full-credit-application",
  "/car-research",
  "/car-research/search?q=winter+tires",
  "/car-research/author/elena-petrova",
  "/car-research/how-to-read-a-vehicle-history-report",
  "/faqs-okd/can-i-buy-a-car-with-bad-credit",
  "/cars-for-sale",
  "/cars-for-sale/suvs",
  "/cars-for-sale?mileage=null,85000",
  "VEHICLE",
  "/help-center",
  "/help-center/buying",
  "/legal/privacy-policy",
  "/legal/cookie-policy",
  "/legal/electronic-signature-disclosure",
  "/our-company",
  "/our-company/careers",
  "/our-company/meet-our-team",
  "/our-company/meet-our-team?department=finance",
  "/our-company/meet-our-team/grace-liu",
  "/sell-trade-my-car",
  "/sell-trade-my-car/your-vehicle",
  // A visitor with nothing saved: the empty state (the filled list is in saved-vehicles.e2e).
  "/saved-vehicles",
  // Nothing ticked yet: the empty state (the filled table is in compare.e2e, ADR 346).
  "/compare",
  // The email alert form for a search (issue 28); an alert's own pages need its emailed link (alerts.e2e).
  "/alerts?search=%2Fcars-for-sale%2Fsuvs",
];

// The pages are checked a few at a time (the e2e project's maxConcurrency): each is a context of its own in the run's
// Chromium, nothing here measures time, and axe keeps one renderer's thread busy while the test waits (ADR 324).
describe.concurrent("every page of the shell passes axe (WCAG 2.2 AA tags)", () => {
  for (const path of PAGES) {
    it(`${path}: 200, one h1, robots meta, and no violations with JavaScript (desktop) or without it (phone)`, async ({
      expect,
    }) => {
      const url = `${world.site.url}${path === "VEHICLE" ? vehiclePath : path}`;
      for (const stripScripts of [false, true]) {
        const { context, page, errors } = await openPage(world.browser, { stripScripts, mobile: stripScripts });
        const response = await page.goto(url);
        expect(response?.status()).toBe(200);
        expect(await page.locator("h1").count()).toBe(1);
        expect(await page.locator('meta[name="robots"]').getAttribute("content")).toMatch(
          /^(no)?index, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1$/,
        );
        const violations = await axeViolations(page);
        expect(violations, `${path}:\n${describeViolations(violations)}`).toEqual([]);
        if (!stripScripts) expect(errors).toEqual([]);
        await context.close();
      }
    });
  }
});

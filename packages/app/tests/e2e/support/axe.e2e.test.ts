// The axe check every browser test relies on (./axe.ts) runs axe itself on a page of one frame; it must report what
// @axe-core/playwright reports, or a page could pass here that fails there (docs/decisions/447).
import { afterAll, beforeAll, expect, it } from "vitest";
import { axeViolations, builderViolations } from "./axe";
import { launchBrowser, openPage } from "./browser";

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page that breaks several of the WCAG 2.2 AA rules, each on more than one element where it can. */
const BROKEN = `<!doctype html><html lang="en"><head><title>Broken</title></head><body>
  <main>
    <h1>Cars</h1>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="40" height="40">
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="40" height="40">
    <p style="color:#aaa;background:#fff">Pale text on white</p>
    <button></button>
    <input type="text" name="zip">
    <a href="/somewhere"></a>
    <div role="button" aria-labelledby="nobody" id="twice">One</div>
    <span id="twice" aria-hidden="true"><a href="/hidden">Focusable, hidden</a></span>
  </main>
</body></html>`;

it("axe in the page reports what the builder's legacy mode reports, rule by rule and element by element, on a page that breaks several rules", async () => {
  const violations = [];
  for (const check of [
    axeViolations,
    (page: Parameters<typeof axeViolations>[0]) => builderViolations(page, { legacy: true }),
  ]) {
    const { context, page } = await openPage(browser);
    await page.setContent(BROKEN);
    violations.push(await check(page));
    await context.close();
  }
  const [ours, builders] = violations;
  expect(ours?.map((v) => v.id)).toEqual(
    expect.arrayContaining(["image-alt", "color-contrast", "button-name", "label", "link-name", "aria-hidden-focus"]),
  );
  expect(ours).toEqual(builders);
});

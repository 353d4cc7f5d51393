import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The WCAG 2.2 AA rule set the site is held to. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** What axe reports of a rule the page breaks: the part of its result the tests read. */
export type AxeViolation = axe.Result;

/** A readable list of axe violations: rule, impact, help, and the first few offending elements. */
export function describeViolations(
  violations: readonly {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[],
): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact ?? "?"}): ${v.help}\n${v.nodes
          .slice(0, 5)
          .map(
            (n) => `    ${JSON.stringify(n.target)} ${n.failureSummary?.split("\n").slice(1).join(" ").trim() ?? ""}`,
          )
          .join("\n")}`,
    )
    .join("\n");
}

/** The configuration and options the builder's legacy mode gives axe, for {@link AXE_TAGS}. */
const CONFIGURE = `;axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } })`;
const RUN_OPTIONS: axe.RunOptions = { runOnly: { type: "tag", values: AXE_TAGS } };

/**
 * axe's run in the page, as @axe-core/playwright's legacy mode makes it: the same source, configuration, context and
 * options, but the source evaluated once (the builder evaluates it twice) and only the violations sent back (the
 * builder sends every pass and inapplicable rule too, 669 kB on the listing) (docs/decisions/447).
 */
async function violationsInThePage(page: Page): Promise<AxeViolation[]> {
  // A document checked before (a step of a form that stays on its page) still has this axe: its source is evaluated
  // once per document, about a third of a check. Each run of axe sets itself up afresh.
  const present = await page.evaluate(
    (version) => (window as { axe?: typeof axe }).axe?.version === version,
    axe.version,
  );
  if (!present) await page.evaluate(`${axe.source}\n${CONFIGURE}`);
  return page.evaluate(
    ({ options }) =>
      (window as unknown as { axe: typeof axe }).axe
        .run({ exclude: [], include: [] }, options)
        .then((results) => results.violations),
    { options: RUN_OPTIONS },
  );
}

/** The builder's own run; the default mode runs axe in each frame and merges the frames' results (ADR 323). */
export async function builderViolations(page: Page, options: { legacy: boolean }): Promise<AxeViolation[]> {
  // @axe-core/playwright is typed against the playwright package; playwright-core's Page is the same object.
  const builder = new AxeBuilder({ page: page as never }).withTags(AXE_TAGS);
  return (await builder.setLegacyMode(options.legacy).analyze()).violations;
}

/**
 * Runs axe with {@link AXE_TAGS} on the page as it is now; returns the violations (empty is a pass).
 *
 * A page of one frame is checked by `axe.run` in the page itself. The builder's default runs axe in each frame and
 * then opens a blank page in the context to merge the frames' results, which took 40–65 % of each check for the same
 * results on a page without frames (ADR 323). A page with frames gets the default.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  return page.frames().length === 1 ? violationsInThePage(page) : builderViolations(page, { legacy: false });
}

/** Fails with the violations, said where (the page's address unless told), when axe finds any on the page as it is. */
export async function expectNoAxeViolations(page: Page, where = page.url()): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The WCAG 2.2 AA rule set the site is held to. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

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

/**
 * Runs axe with {@link AXE_TAGS} on the page as it is now; returns the violations (empty is a pass).
 *
 * A page of one frame is checked by `axe.run` in the page itself (the builder's legacy mode). The builder's default
 * runs axe in each frame and then opens a blank page in the context to merge the frames' results, which took 40–65 %
 * of each check for the same results on a page without frames (ADR 323). A page with frames gets the default.
 */
export async function axeViolations(page: Page) {
  // @axe-core/playwright is typed against the playwright package; playwright-core's Page is the same object.
  const builder = new AxeBuilder({ page: page as never }).withTags(AXE_TAGS);
  const results = await builder.setLegacyMode(page.frames().length === 1).analyze();
  return results.violations;
}

/** Fails with the violations, said where (the page's address unless told), when axe finds any on the page as it is. */
export async function expectNoAxeViolations(page: Page, where = page.url()): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

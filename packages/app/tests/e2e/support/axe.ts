import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

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

/** Runs axe with {@link AXE_TAGS} on the page as it is now; returns the violations (empty is a pass). */
export async function axeViolations(page: Page) {
  // @axe-core/playwright is typed against the playwright package; playwright-core's Page is the same object.
  const results = await new AxeBuilder({ page: page as never }).withTags(AXE_TAGS).analyze();
  return results.violations;
}

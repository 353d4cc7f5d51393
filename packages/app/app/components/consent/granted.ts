import type { ConsentView } from "../shell-data";

/**
 * Whether the page may use a cookie category (functional, analytics, targeting), from the shell's consent
 * (`useShell()?.consent`): everything at tier 0 (no banner, `consent` is null) and below tier 2 (where `allowed` is
 * every category), otherwise what the visitor allowed. Browser storage of the popups (functional) asks here.
 */
export function consentGranted(consent: Pick<ConsentView, "allowed"> | null | undefined, category: string): boolean {
  return consent == null || category === "essential" || consent.allowed.includes(category);
}

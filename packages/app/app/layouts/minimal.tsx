import { Outlet, useMatches } from "react-router";
import { ErrorPage, errorMeta } from "../components/error-page";
import { useShell } from "../components/i18n";
import type { ShellData } from "../components/shell-data";
import type { Route } from "./+types/minimal";
import { PageFrame } from "./page-frame";

/** What a page under this layout may declare: `pre-approval` pages get the default layout when pre-approval is on. */
export interface LayoutHandle {
  readonly layout?: "pre-approval";
}

/**
 * The minimal layout (spec section 2): the logo and a help line instead of the menus, so a shopper in the middle of
 * a form is not pulled away. The apply-for-financing page uses it only while the store's pre-approval is off.
 */
export default function MinimalLayout() {
  const shell = useShell();
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as LayoutHandle | undefined;
  const minimal = !(handle?.layout === "pre-approval" && shell?.preApproval);
  return (
    <PageFrame minimal={minimal}>
      <Outlet />
    </PageFrame>
  );
}

export function meta({ error, matches }: Route.MetaArgs) {
  if (!error) return [];
  const shell = matches.find((m) => m?.id === "root")?.loaderData as ShellData | undefined;
  return errorMeta(error, shell?.ui.errors);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useShell();
  return (
    <PageFrame minimal>
      <ErrorPage error={error} errors={shell?.ui.errors} />
    </PageFrame>
  );
}

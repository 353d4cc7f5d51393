import { Outlet } from "react-router";
import { ErrorPage, errorMeta } from "../components/error-page";
import { useShell } from "../components/i18n";
import type { ShellData } from "../components/shell-data";
import type { Route } from "./+types/default";
import { PageFrame } from "./page-frame";

/** The default layout (spec section 2): store bar, header with the main menu, the page, the footer. */
export default function DefaultLayout() {
  return (
    <PageFrame>
      <Outlet />
    </PageFrame>
  );
}

export function meta({ error, matches }: Route.MetaArgs) {
  if (!error) return [];
  const shell = matches.find((m) => m?.id === "root")?.loaderData as ShellData | undefined;
  return errorMeta(error, shell?.ui.errors);
}

/** 404s and page errors render inside the layout, so the visitor keeps the menus and the store's phone number. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useShell();
  return (
    <PageFrame>
      <ErrorPage error={error} errors={shell?.ui.errors} />
    </PageFrame>
  );
}

import { isRouteErrorResponse, Link, Outlet, useRouteLoaderData } from "react-router";
import { DeskHeading, deskMeta, LINK, SECONDARY_BUTTON } from "../components/staff/desk";
import { deskGuard, deskLinks, deskSessionContext, throwDeskRefusal } from "../server/staff/access.server";
import { ROLE_LABELS } from "../server/staff/desk.server";
import type { Route } from "./+types/staff";

/** Every desk route sits under this layout, so this one guard checks every desk loader and action (ADR 306). */
export const middleware: Route.MiddlewareFunction[] = [deskGuard];

/** Who is signed in, for the header, as the guard found it; the guard's refusal, for the desk's error page. */
export async function loader({ context }: Route.LoaderArgs) {
  throwDeskRefusal(context);
  const staff = context.get(deskSessionContext);
  return staff
    ? { staff: { email: staff.email, role: ROLE_LABELS[staff.role] }, links: deskLinks(staff.role) }
    : { staff: null, links: [] };
}

function Frame({ children }: { children: React.ReactNode }) {
  const header = useRouteLoaderData<typeof loader>("layouts/staff");
  return (
    <div className="min-h-screen bg-white">
      <header className="border-b border-slate-300 bg-slate-50 print:hidden">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
          <p className="font-semibold text-slate-900">Showroom staff desk</p>
          {header?.staff ? (
            <>
              <nav aria-label="Staff desk" className="flex flex-wrap gap-4">
                {header.links.map((link) => (
                  <Link key={link.href} to={link.href} className={`${LINK} inline-flex min-h-11 items-center`}>
                    {link.label}
                  </Link>
                ))}
              </nav>
              <div className="ml-auto flex items-center gap-3">
                <p className="text-sm text-slate-700">
                  {header.staff.email} ({header.staff.role})
                </p>
                <form method="post" action="/staff/sign-out">
                  <button type="submit" className={SECONDARY_BUTTON}>
                    Sign out
                  </button>
                </form>
              </div>
            </>
          ) : null}
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">{children}</main>
    </div>
  );
}

/** The desk's own frame: no public menus, no cookie banner, nothing that links the public site here. */
export default function StaffLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  return deskMeta(isRouteErrorResponse(error) && error.status === 403 ? "Not allowed" : "Not found");
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    status === 403
      ? "Your role does not open this page. Ask an administrator if you need it."
      : status === 404
        ? "There is nothing at this address."
        : "Something went wrong. Try again in a moment.";
  return (
    <Frame>
      <DeskHeading>
        {status === 403 ? "Not allowed" : status === 404 ? "Not found" : "Something went wrong"}
      </DeskHeading>
      <p className="mt-4 text-slate-900">{message}</p>
      <p className="mt-4">
        <Link to="/staff" className={LINK}>
          Back to the desk
        </Link>
      </p>
    </Frame>
  );
}

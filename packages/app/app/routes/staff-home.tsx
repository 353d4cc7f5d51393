import { Link } from "react-router";
import { DeskHeading, deskMeta, LINK } from "../components/staff/desk";
import { deskLinks, deskOf } from "../server/staff/access.server";
import { ROLE_LABELS } from "../server/staff/desk.server";
import type { Route } from "./+types/staff-home";

export async function loader({ context }: Route.LoaderArgs) {
  const { staff } = deskOf(context);
  return { email: staff.email, role: ROLE_LABELS[staff.role], links: deskLinks(staff.role) };
}

export const meta = () => deskMeta("Desk");

/** Where sign-in lands: what this role may open. */
export default function StaffHome({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <DeskHeading>Staff desk</DeskHeading>
      <p className="mt-2 text-slate-700">
        Signed in as {loaderData.email} ({loaderData.role}). Every record you open here is written to the audit trail.
      </p>
      <ul className="mt-6 grid gap-2">
        {loaderData.links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className={`${LINK} inline-flex min-h-11 items-center`}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

import { Link } from "react-router";
import { ApplicationView } from "../components/staff/application-view";
import { DeskHeading, deskMeta, LINK } from "../components/staff/desk";
import { readFormData } from "../content/form-data.server";
import { deskOf } from "../server/staff/access.server";
import type { Route } from "./+types/staff-credit-application-ssn";
import { revealSsn } from "./staff-credit-application.server";

/** The guard checked the session: the loader reads no application, so revealing is exactly one audit row. */
export async function loader({ context }: Route.LoaderArgs) {
  deskOf(context);
  return null;
}

/**
 * POST /staff/credit-applications/:id/ssn: the application with its SSNs whole, in this response only (never in a
 * URL). The loader opens nothing, so after the action no other read of the application runs: revealing is exactly
 * one audit row, "revealed SSN".
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  // Read (and dropped): the desk guard has already refused an unreadable body with a 4xx, signed in or not.
  await readFormData(request);
  const desk = deskOf(context);
  return revealSsn(desk, params.id);
}

export const meta = () => deskMeta("Application, SSN shown");

export default function StaffCreditApplicationSsn({ actionData, params }: Route.ComponentProps) {
  if (!actionData) {
    return (
      <>
        <DeskHeading>Reveal SSN</DeskHeading>
        <p className="mt-4">
          The SSN is shown only after the “Reveal SSN” button of{" "}
          <Link to={`/staff/credit-applications/${params.id}`} className={LINK}>
            the application
          </Link>
          .
        </p>
      </>
    );
  }
  return <ApplicationView application={actionData} />;
}

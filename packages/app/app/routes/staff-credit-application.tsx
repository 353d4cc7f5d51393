import { Form } from "react-router";
import { SelectField } from "../components/forms/fields";
import { ApplicationView } from "../components/staff/application-view";
import { BUTTON, DeskMessage, deskMeta, SECONDARY_BUTTON } from "../components/staff/desk";
import { readFormData } from "../content/form-data.server";
import { deskOf } from "../server/staff/access.server";
import type { Route } from "./+types/staff-credit-application";
import { changeStatus, openForPage } from "./staff-credit-application.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const desk = deskOf(context);
  return openForPage(desk, params.id, new URL(request.url).searchParams.get("status"));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readFormData(request);
  const desk = deskOf(context);
  return changeStatus(desk, form, params.id);
}

export const meta = () => deskMeta("Application");

const STATUSES = [
  { value: "new", label: "New" },
  { value: "sent-to-lender", label: "Sent to lender" },
  { value: "closed", label: "Closed" },
];

/**
 * One application, decrypted through the audited reader, SSNs masked to their last four. "Reveal SSN" posts to its
 * own address, whose answer is the one page that shows them whole (one audit row of its own).
 */
export default function StaffCreditApplication({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ApplicationView application={loaderData}>
      {actionData?.error ? <DeskMessage tone="error">{actionData.error}</DeskMessage> : null}
      {loaderData.notice ? <DeskMessage tone="notice">{loaderData.notice}</DeskMessage> : null}
      <div className="mt-6 flex flex-wrap items-end gap-4 print:hidden">
        <Form method="post" action={`/staff/credit-applications/${loaderData.id}/ssn`} reloadDocument>
          <button type="submit" className={SECONDARY_BUTTON}>
            Reveal SSN
          </button>
        </Form>
        <Form method="post" reloadDocument className="flex flex-wrap items-end gap-3">
          <SelectField
            name="status"
            label="Status"
            placeholder="Choose a status"
            options={STATUSES}
            defaultValue={loaderData.status}
            required
          />
          <button type="submit" className={BUTTON}>
            Save status
          </button>
        </Form>
      </div>
    </ApplicationView>
  );
}

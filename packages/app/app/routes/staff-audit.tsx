import { Form } from "react-router";
import { SelectField, TextField } from "../components/forms/fields";
import { BUTTON, CELL, DeskHeading, DeskTable, deskMeta, formatWhen } from "../components/staff/desk";
import { auditActions } from "../server/db/schema.server";
import { deskOf } from "../server/staff/access.server";
import { listAudit } from "../server/staff/audit.server";
import type { Route } from "./+types/staff-audit";
import { auditFilterSchema } from "./staff-admin.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = deskOf(context);
  const url = new URL(request.url);
  const filter = auditFilterSchema.parse({
    action: url.searchParams.get("action") || undefined,
    subject: url.searchParams.get("subject") || undefined,
  });
  const events = await listAudit(services.db, filter);
  return {
    filter,
    actions: auditActions.map((a) => ({ value: a, label: a.replaceAll("-", " ") })),
    events: events.map((e) => ({
      id: e.id,
      at: e.at.toISOString(),
      actor: e.actor,
      action: e.action.replaceAll("-", " "),
      subject: e.subject,
      ip: e.ip,
      detail: Object.keys(e.detail as object).length > 0 ? JSON.stringify(e.detail) : "",
    })),
  };
}

export const meta = () => deskMeta("Audit trail");

/** Who did what to which record, newest first. Read-only: the database refuses any change to it. */
export default function StaffAudit({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <DeskHeading>Audit trail</DeskHeading>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <SelectField
          name="action"
          label="What"
          placeholder="Anything"
          options={loaderData.actions}
          defaultValue={loaderData.filter.action}
        />
        <TextField name="subject" label="Record" defaultValue={loaderData.filter.subject} />
        <button type="submit" className={BUTTON}>
          Filter
        </button>
      </Form>
      <DeskTable
        caption="Audit events, newest first"
        headers={["When", "Who", "What", "Record", "From", "Detail"]}
        empty={loaderData.events.length === 0 && "No event matches."}
      >
        {loaderData.events.map((e) => (
          <tr key={e.id}>
            <td className={CELL}>{formatWhen(e.at)}</td>
            <td className={CELL}>{e.actor}</td>
            <td className={CELL}>{e.action}</td>
            <td className={CELL}>{e.subject ?? "—"}</td>
            <td className={CELL}>{e.ip ?? "—"}</td>
            <td className={`${CELL} break-all`}>{e.detail}</td>
          </tr>
        ))}
      </DeskTable>
    </>
  );
}

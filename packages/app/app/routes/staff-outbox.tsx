import { Form, Link } from "react-router";
import {
  CELL,
  DeskHeading,
  DeskMessage,
  DeskTable,
  deskMeta,
  formatWhen,
  LINK,
  SECONDARY_BUTTON,
} from "../components/staff/desk";
import { deskOf } from "../server/staff/access.server";
import { deskOutbox } from "../server/staff/outbox-desk.server";
import type { Route } from "./+types/staff-outbox";
import { deskAction } from "./desk-action.server";
import { outboxAction } from "./staff-admin.server";

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = deskOf(context);
  const status = await deskOutbox(services.db);
  const row = (r: { id: number; leadId: string; attempts: number; lastError: string | null }) => ({
    id: r.id,
    leadId: r.leadId,
    attempts: r.attempts,
    lastError: r.lastError,
  });
  return {
    retried: new URL(request.url).searchParams.get("retried"),
    counts: status.counts,
    pending: status.oldestPending.map((r) => ({ ...row(r), when: iso(r.nextAttemptAt) })),
    dead: status.dead.map((r) => ({ ...row(r), when: iso(r.firstAttemptAt) })),
    sent: status.sent.map((r) => ({ ...row(r), when: iso(r.sentAt) })),
  };
}

export const action = deskAction(outboxAction);

export const meta = () => deskMeta("Outbox");

type Row = { id: number; leadId: string; attempts: number; lastError: string | null; when: string | null };

function Rows({ caption, when, rows, retry }: { caption: string; when: string; rows: Row[]; retry?: boolean }) {
  return (
    <DeskTable
      caption={caption}
      headers={["Row", "Lead", "Attempts", when, "Last error", ...(retry ? ["Retry"] : [])]}
      empty={rows.length === 0 && "None."}
    >
      {rows.map((r) => (
        <tr key={r.id}>
          <td className={CELL}>#{r.id}</td>
          <td className={CELL}>
            <Link to={`/staff/leads/${r.leadId}`} className={LINK}>
              {r.leadId.slice(0, 8)}
            </Link>
          </td>
          <td className={CELL}>{r.attempts}</td>
          <td className={CELL}>{formatWhen(r.when)}</td>
          <td className={CELL}>{r.lastError ?? "—"}</td>
          {retry ? (
            <td className={CELL}>
              <Form method="post" reloadDocument>
                <input type="hidden" name="id" value={r.id} />
                <button type="submit" className={SECONDARY_BUTTON}>
                  Retry <span className="sr-only">row {r.id}</span>
                </button>
              </Form>
            </td>
          ) : null}
        </tr>
      ))}
    </DeskTable>
  );
}

/** Lead mail: what waits, what was delivered, and the dead letters with a Retry each (the outbox CLI's retry). */
export default function StaffOutbox({ loaderData, actionData }: Route.ComponentProps) {
  const { counts } = loaderData;
  return (
    <>
      <DeskHeading>Outbox</DeskHeading>
      <p className="mt-2 text-slate-700">
        {counts.pending} pending, {counts.sent} sent, {counts.dead} not delivered.
      </p>
      {actionData?.error ? <DeskMessage tone="error">{actionData.error}</DeskMessage> : null}
      {loaderData.retried ? (
        <DeskMessage tone="notice">
          Row #{loaderData.retried} is due now; the relay sends it on its next pass.
        </DeskMessage>
      ) : null}
      <h2 className="mt-8 text-xl font-semibold">Not delivered (dead letters)</h2>
      <Rows caption="Dead letters" when="First attempt" rows={loaderData.dead} retry />
      <h2 className="mt-8 text-xl font-semibold">Pending</h2>
      <Rows caption="Pending emails, oldest first" when="Next attempt" rows={loaderData.pending} retry />
      <h2 className="mt-8 text-xl font-semibold">Sent lately</h2>
      <Rows caption="The latest emails sent" when="Sent" rows={loaderData.sent} />
    </>
  );
}

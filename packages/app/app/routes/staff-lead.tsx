import { data, Link } from "react-router";
import { CELL, DeskHeading, DeskTable, deskMeta, formatWhen, LINK } from "../components/staff/desk";
import { deskOf } from "../server/staff/access.server";
import { leadDetail } from "../server/staff/leads-inbox.server";
import type { Route } from "./+types/staff-lead";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, staff } = deskOf(context);
  const detail = await leadDetail(services.db, staff.role, params.id);
  if (!detail) throw data(null, { status: 404 });
  return {
    row: { ...detail.row, createdAt: detail.row.createdAt.toISOString() },
    email: detail.email,
    attempts: detail.attempts.map((a) => ({
      ...a,
      firstAttemptAt: a.firstAttemptAt?.toISOString() ?? null,
      sentAt: a.sentAt?.toISOString() ?? null,
      nextAttemptAt: a.nextAttemptAt.toISOString(),
    })),
  };
}

export const meta = () => deskMeta("Lead");

/** One lead: who and when, the email exactly as the relay builds it (text or ADF), and its delivery. */
export default function StaffLead({ loaderData }: Route.ComponentProps) {
  const { row, email, attempts } = loaderData;
  return (
    <>
      <p className="print:hidden">
        <Link to="/staff/leads" className={LINK}>
          All leads
        </Link>
      </p>
      <DeskHeading>
        {row.kindLabel} from {row.disposed ? "a shopper (details removed)" : row.name || "a shopper"}
      </DeskHeading>
      <dl className="mt-4 grid gap-2 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
        <dt className="font-semibold">Received</dt>
        <dd>{formatWhen(row.createdAt)}</dd>
        <dt className="font-semibold">Store</dt>
        <dd>{row.store}</dd>
        <dt className="font-semibold">Email</dt>
        <dd>{row.email || "—"}</dd>
        <dt className="font-semibold">Phone</dt>
        <dd>{row.phone || "—"}</dd>
        <dt className="font-semibold">Lead id</dt>
        <dd>{row.id}</dd>
      </dl>
      <h2 className="mt-8 text-xl font-semibold">The email sent</h2>
      {email ? (
        <>
          <p className="mt-2 text-slate-700">
            {email.type === "adf" ? "ADF 1.0 (XML)" : "Plain text"} to {email.to.join(", ")}; subject “{email.subject}”
          </p>
          <pre className="mt-2 overflow-x-auto whitespace-pre-wrap rounded-md border border-slate-300 bg-slate-50 p-4 text-sm">
            {email.body}
          </pre>
        </>
      ) : (
        <p className="mt-2 text-slate-700">
          {row.disposed
            ? "The shopper’s details were removed after the retention period; the email can no longer be shown."
            : "No email for this lead."}
        </p>
      )}
      <h2 className="mt-8 text-xl font-semibold">Delivery</h2>
      <DeskTable
        caption="Delivery attempts of this lead's email"
        headers={["Outbox row", "State", "Attempts", "First attempt", "Sent", "Next attempt", "Last error"]}
        empty={attempts.length === 0 && "Nothing was queued for this lead."}
      >
        {attempts.map((a) => (
          <tr key={a.id}>
            <td className={CELL}>#{a.id}</td>
            <td className={CELL}>{a.state}</td>
            <td className={CELL}>{a.attempts}</td>
            <td className={CELL}>{formatWhen(a.firstAttemptAt)}</td>
            <td className={CELL}>{formatWhen(a.sentAt)}</td>
            <td className={CELL}>{a.state === "pending" ? formatWhen(a.nextAttemptAt) : "—"}</td>
            <td className={CELL}>{a.lastError ?? "—"}</td>
          </tr>
        ))}
      </DeskTable>
    </>
  );
}

import { Link } from "react-router";
import { CELL, DeskHeading, DeskTable, deskMeta, formatWhen, LINK } from "../components/staff/desk";
import { deskOf } from "../server/staff/access.server";
import { listApplications, STATUS_LABELS } from "../server/staff/applications.server";
import type { Route } from "./+types/staff-credit-applications";

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = deskOf(context);
  const rows = await listApplications(services.db);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      reference: r.reference,
      kind: r.kind === "full-credit" ? "Credit application" : "Pre-approval",
      name: `${r.firstName} ${r.lastName}`,
      store: r.store,
      status: STATUS_LABELS[r.status],
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

export const meta = () => deskMeta("Credit applications");

/** Finance's list: the clear columns only; opening one is what the audit trail records. */
export default function StaffCreditApplications({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <>
      <DeskHeading>Credit applications and pre-approvals</DeskHeading>
      <DeskTable
        caption="Credit applications and pre-approvals, newest first"
        headers={["Reference", "Kind", "Name", "Store", "Received", "Status"]}
        empty={rows.length === 0 && "No application yet."}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <td className={CELL}>
              <Link to={`/staff/credit-applications/${row.id}`} className={LINK}>
                {row.reference}
              </Link>
            </td>
            <td className={CELL}>{row.kind}</td>
            <td className={CELL}>{row.name}</td>
            <td className={CELL}>{row.store}</td>
            <td className={CELL}>{formatWhen(row.createdAt)}</td>
            <td className={CELL}>{row.status}</td>
          </tr>
        ))}
      </DeskTable>
    </>
  );
}

import { LEAD_KIND_LABELS } from "@showroom/rules/leads";
import { Form, Link } from "react-router";
import { SelectField, TextField } from "../components/forms/fields";
import {
  BUTTON,
  CELL,
  DeskHeading,
  DeskTable,
  deskMeta,
  formatWhen,
  LINK,
  SECONDARY_BUTTON,
} from "../components/staff/desk";
import { deskOf } from "../server/staff/access.server";
import { kindsFor, leadFilterFrom, listLeads } from "../server/staff/leads-inbox.server";
import { storeChoices } from "../server/staff/stores.server";
import type { Route } from "./+types/staff-leads";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, staff } = deskOf(context);
  const url = new URL(request.url);
  const filter = leadFilterFrom(url);
  const rows = await listLeads(services.db, staff.role, filter);
  return {
    filter,
    query: url.search,
    kinds: kindsFor(staff.role).map((kind) => ({ value: kind, label: LEAD_KIND_LABELS[kind] })),
    stores: await storeChoices(services.db),
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

export const meta = () => deskMeta("Leads");

const DELIVERY = [
  { value: "pending", label: "Pending" },
  { value: "sent", label: "Sent" },
  { value: "dead", label: "Not delivered (dead letter)" },
];

/** The inbox: every lead the role may see, filtered by a GET form (bookmarkable, no JavaScript needed). */
export default function StaffLeads({ loaderData }: Route.ComponentProps) {
  const { filter, rows } = loaderData;
  return (
    <>
      <DeskHeading>Leads</DeskHeading>
      <Form method="get" className="mt-6 grid gap-4 sm:grid-cols-3 lg:grid-cols-6 print:hidden">
        <SelectField
          name="kind"
          label="Kind"
          placeholder="Any kind"
          options={loaderData.kinds}
          defaultValue={filter.kind}
        />
        <SelectField
          name="store"
          label="Store"
          placeholder="Any store"
          options={loaderData.stores}
          defaultValue={filter.store}
        />
        <TextField name="from" type="date" label="From" defaultValue={filter.from} />
        <TextField name="to" type="date" label="To" defaultValue={filter.to} />
        <SelectField
          name="delivery"
          label="Delivery"
          placeholder="Any state"
          options={DELIVERY}
          defaultValue={filter.delivery}
        />
        <div className="flex items-end gap-2">
          <button type="submit" className={BUTTON}>
            Filter
          </button>
        </div>
      </Form>
      <p className="mt-4 print:hidden">
        <a href={`/staff/leads/export${loaderData.query}`} className={SECONDARY_BUTTON} download>
          Export these leads as CSV
        </a>
      </p>
      <DeskTable
        caption="Leads, newest first"
        headers={["Received", "Kind", "Store", "Name", "Email", "Delivery"]}
        empty={rows.length === 0 && "No lead matches these filters."}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <td className={CELL}>
              <Link to={`/staff/leads/${row.id}`} className={LINK}>
                {formatWhen(row.createdAt)}
              </Link>
            </td>
            <td className={CELL}>{row.kindLabel}</td>
            <td className={CELL}>{row.store}</td>
            <td className={CELL}>{row.disposed ? "(removed after the retention period)" : row.name}</td>
            <td className={CELL}>{row.email}</td>
            <td className={CELL}>{row.delivery}</td>
          </tr>
        ))}
      </DeskTable>
    </>
  );
}

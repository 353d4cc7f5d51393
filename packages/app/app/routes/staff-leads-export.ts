import { deskOf } from "../server/staff/access.server";
import { exportLeadsCsv, leadFilterFrom } from "../server/staff/leads-inbox.server";
import type { Route } from "./+types/staff-leads-export";

/** GET /staff/leads/export?…: the inbox's filtered list as CSV; the export is an audit row with its filter. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, staff, actor } = deskOf(context);
  const csv = await exportLeadsCsv(services.db, actor, staff.role, leadFilterFrom(new URL(request.url)));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`,
    },
  });
}

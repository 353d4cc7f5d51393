import { Form } from "react-router";
import { TextField } from "../components/forms/fields";
import { BUTTON, DeskHeading, DeskMessage, deskMeta } from "../components/staff/desk";
import { servicesContext } from "../context";
import { deskOf } from "../server/staff/access.server";
import { retentionDays, runRetention } from "../server/staff/retention.server";
import type { Route } from "./+types/staff-retention";
import { deskAction } from "./desk-action.server";
import { retentionAction } from "./staff-admin.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = deskOf(context);
  const days = await retentionDays(services.db, context.get(servicesContext).config.RETENTION_DAYS);
  const preview = await runRetention(services.db, { days, dryRun: true });
  return {
    days,
    saved: new URL(request.url).searchParams.has("saved"),
    due: preview.ran ? preview.counts : null,
  };
}

export const action = deskAction(retentionAction);

export const meta = () => deskMeta("Retention");

/** How long personal data is kept after its last use, and what the next daily run would remove. */
export default function StaffRetention({ loaderData, actionData }: Route.ComponentProps) {
  const { due } = loaderData;
  return (
    <>
      <DeskHeading>Retention</DeskHeading>
      <p className="mt-2 max-w-3xl text-slate-700">
        Once a day the server removes credit applications, pre-approval details and the personal details of leads and
        visitor profiles last used longer ago than this, and application drafts after 24 hours. Monthly counts stay for
        reports; each run is in the audit trail.
      </p>
      {loaderData.saved ? <DeskMessage tone="notice">Retention period saved.</DeskMessage> : null}
      <Form method="post" reloadDocument className="mt-6 flex flex-wrap items-end gap-3">
        <TextField
          name="days"
          label="Days kept after last use"
          inputMode="numeric"
          hint="The FTC Safeguards Rule asks for disposal within two years (730 days)."
          required
          errors={actionData?.errors}
          defaultValue={actionData?.days ?? String(loaderData.days)}
        />
        <button type="submit" className={BUTTON}>
          Save
        </button>
      </Form>
      {due ? (
        <p className="mt-6 text-slate-900">
          Due now: {due.applications} application(s), {due.leads} lead(s), {due.visitors} visitor profile(s),{" "}
          {due.drafts} draft(s).
        </p>
      ) : null}
    </>
  );
}

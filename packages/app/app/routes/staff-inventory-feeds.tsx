import { Form } from "react-router";
import { BUTTON, CELL, DeskHeading, DeskMessage, DeskTable, deskMeta, formatWhen } from "../components/staff/desk";
import { deskOf } from "../server/staff/access.server";
import { type DeskPull, inventoryFeedsDesk, LINES_SHOWN } from "../server/staff/inventory-feeds-desk.server";
import { roleAllows } from "../server/staff/sessions.server";
import type { Route } from "./+types/staff-inventory-feeds";
import { readDeskForm } from "./staff-admin.server";
import { inventoryFeedsAction } from "./staff-inventory-feeds.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, staff } = deskOf(context);
  const applied = Number(new URL(request.url).searchParams.get("applied"));
  return {
    stores: await inventoryFeedsDesk(services.db, services.config.FEED_URLS ?? []),
    minutes: services.config.FEED_PULL_MINUTES,
    holdPercent: services.config.FEED_HOLD_PERCENT,
    canApply: roleAllows(staff.role, "admin"),
    linesShown: LINES_SHOWN,
    applied: Number.isSafeInteger(applied) && applied > 0 ? applied : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readDeskForm(request);
  return inventoryFeedsAction(deskOf(context), form);
}

export const meta = () => deskMeta("Inventory feeds");

const STATUS: Record<DeskPull["status"], string> = {
  running: "Pulling now",
  "did-not-finish": "Did not finish",
  "not-modified": "Not modified",
  applied: "Applied",
  held: "Held",
  failed: "Failed",
};

const number = new Intl.NumberFormat("en-US");
const rows = (n: number) => `${number.format(n)} ${n === 1 ? "row" : "rows"}`;

function What({ pull }: { pull: DeskPull }) {
  if (pull.status === "applied" || pull.releasedBy) {
    return (
      <>
        {number.format(pull.added)} added, {number.format(pull.updated)} updated, {number.format(pull.sold)} sold,{" "}
        {number.format(pull.rejected)} rejected
        {pull.releasedBy ? (
          <p className="mt-1">{`Held (${pull.reason}); applied anyway by ${pull.releasedBy} at ${formatWhen(pull.releasedAt)}.`}</p>
        ) : null}
      </>
    );
  }
  if (pull.status === "not-modified") return <>The feed has not changed since the last pull.</>;
  if (pull.status === "running") return <>Downloading or applying.</>;
  if (pull.status === "did-not-finish") return <>The server stopped before this pull finished.</>;
  return <>{`Nothing changed: ${pull.reason}.${pull.rejected > 0 ? ` ${rows(pull.rejected)} rejected.` : ""}`}</>;
}

function Rejected({ pull }: { pull: DeskPull }) {
  if (pull.rejectedLines.length === 0) return <>—</>;
  return (
    <>
      <ul>
        {pull.rejectedLines.map((r) => (
          <li key={r.line}>{`Line ${r.line}: ${r.reason}`}</li>
        ))}
      </ul>
      {pull.rejected > pull.rejectedLines.length ? (
        <p className="mt-1">and {rows(pull.rejected - pull.rejectedLines.length)} more.</p>
      ) : null}
    </>
  );
}

/** Each store's feed pulls: when, from where, what they did and the rows they rejected; held feeds to apply. */
export default function StaffInventoryFeeds({ loaderData, actionData }: Route.ComponentProps) {
  const { canApply } = loaderData;
  return (
    <>
      <DeskHeading>Inventory feeds</DeskHeading>
      <p className="mt-2 max-w-3xl text-slate-700">
        The server pulls each store’s feed when it starts and every {number.format(loaderData.minutes)} minutes. A full
        feed that would mark more than {loaderData.holdPercent} % of a store’s available cars sold is held, not applied,
        until an admin applies it. Each pull lists up to {loaderData.linesShown} of the rows it rejected.
      </p>
      {actionData?.error ? <DeskMessage tone="error">{actionData.error}</DeskMessage> : null}
      {loaderData.applied ? (
        <DeskMessage tone="notice">{`The held feed of pull #${loaderData.applied} is applied.`}</DeskMessage>
      ) : null}
      {loaderData.stores.map((store) => (
        <section key={store.id} className="mt-8" aria-labelledby={`store-${store.id}`}>
          <h2 id={`store-${store.id}`} className="text-xl font-semibold">
            {store.name}
          </h2>
          <p className="mt-1 break-all text-slate-700">
            {store.feedUrl
              ? `Feed: ${store.feedUrl}`
              : "This store names no feed URL; its inventory comes from imports."}
          </p>
          <DeskTable
            caption={`The latest feed pulls of ${store.name}, newest first`}
            headers={["Pull", "When", "From", "Status", "What it did", "Rejected rows"]}
            empty={store.pulls.length === 0 && "No pull yet."}
          >
            {store.pulls.map((pull) => (
              <tr key={pull.id}>
                <td className={CELL}>#{pull.id}</td>
                <td className={CELL}>{formatWhen(pull.startedAt)}</td>
                <td className={`${CELL} break-all`}>{pull.url}</td>
                <td className={CELL}>{STATUS[pull.status]}</td>
                <td className={CELL}>
                  <What pull={pull} />
                  {pull.appliable && canApply ? (
                    <Form method="post" reloadDocument className="mt-2">
                      <input type="hidden" name="id" value={pull.id} />
                      <button type="submit" className={BUTTON}>
                        Apply anyway <span className="sr-only">the feed of pull #{pull.id}</span>
                      </button>
                    </Form>
                  ) : null}
                  {pull.appliable && !canApply ? <p className="mt-1">An admin can apply it.</p> : null}
                </td>
                <td className={CELL}>
                  <Rejected pull={pull} />
                </td>
              </tr>
            ))}
          </DeskTable>
        </section>
      ))}
    </>
  );
}

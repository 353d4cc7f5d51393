import { Form } from "react-router";
import { SelectField } from "../components/forms/fields";
import { FileField } from "../components/forms/file-field";
import { BUTTON, CELL, DeskHeading, DeskMessage, DeskTable, deskMeta, formatWhen } from "../components/staff/desk";
import { deskOf } from "../server/staff/access.server";
import { type DeskPull, inventoryFeedsDesk, LINES_SHOWN } from "../server/staff/inventory-feeds-desk.server";
import { roleAllows } from "../server/staff/sessions.server";
import type { Route } from "./+types/staff-inventory-feeds";
import { deskAction } from "./desk-action.server";
import { inventoryFeedsAction, type UploadAnswer } from "./staff-inventory-feeds.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, staff } = deskOf(context);
  const applied = Number(new URL(request.url).searchParams.get("applied"));
  return {
    stores: await inventoryFeedsDesk(services.db, services.config.FEED_URLS ?? []),
    minutes: services.config.FEED_PULL_MINUTES,
    holdPercent: services.config.FEED_HOLD_PERCENT,
    maxSize: sizeText(services.config.FEED_MAX_BYTES),
    canApply: roleAllows(staff.role, "admin"),
    linesShown: LINES_SHOWN,
    applied: Number.isSafeInteger(applied) && applied > 0 ? applied : null,
  };
}

export const action = deskAction(inventoryFeedsAction);

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
const sizeText = (bytes: number) =>
  bytes >= 1_000_000
    ? `${number.format(Math.floor(bytes / 1_000_000))} MB`
    : `${number.format(Math.floor(bytes / 1000))} kB`;
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

const SCOPES = [
  { value: "full", label: "The store’s whole inventory: cars it does not list are marked sold" },
  { value: "partial", label: "Some cars: only add and update" },
];

function Uploaded({ upload }: { upload: UploadAnswer }) {
  const counts = `${number.format(upload.added)} added, ${number.format(upload.updated)} updated, ${number.format(upload.sold)} sold, ${number.format(upload.rejected)} rejected`;
  const said =
    upload.outcome === "applied"
      ? `${upload.fileName} is applied (pull #${upload.id}): ${counts}.`
      : upload.outcome === "held"
        ? `${upload.fileName} is held, not applied (pull #${upload.id}): ${upload.reason}. Apply it anyway below if it is right.`
        : `Nothing changed with ${upload.fileName} (pull #${upload.id}): ${upload.reason}.${upload.rejected > 0 ? ` ${rows(upload.rejected)} rejected.` : ""}`;
  return (
    <DeskMessage tone={upload.outcome === "failed" ? "error" : "notice"}>
      {said}
      {upload.rejectedLines.length > 0 ? (
        <ul className="mt-2">
          {upload.rejectedLines.map((r) => (
            <li key={r.line}>{`Line ${r.line}: ${r.reason}`}</li>
          ))}
        </ul>
      ) : null}
    </DeskMessage>
  );
}

/** An admin's upload of a store's feed, applied as a pull is (ADR 386). */
function UploadForm({ stores, maxSize }: { stores: { id: string; name: string }[]; maxSize: string }) {
  return (
    <section className="mt-8" aria-labelledby="upload">
      <h2 id="upload" className="text-xl font-semibold">
        Upload a feed
      </h2>
      <Form method="post" encType="multipart/form-data" reloadDocument className="mt-4 grid max-w-2xl gap-3">
        <SelectField
          name="store"
          label="Store"
          placeholder="Choose a store"
          options={stores.map((store) => ({ value: store.id, label: store.name }))}
          required
        />
        <SelectField name="scope" label="The feed lists" placeholder="Choose one" options={SCOPES} required />
        <FileField
          name="feed"
          label="Feed file"
          accept=".csv,.json,text/csv,application/json"
          hint={`A CSV or JSON export of the dealer system, up to ${maxSize}.`}
          required
        />
        <div>
          <button type="submit" className={BUTTON}>
            Upload and apply
          </button>
        </div>
      </Form>
    </section>
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
        feed that would mark more than {loaderData.holdPercent} % of a store’s cars in stock (listed or hidden) sold is
        held, not applied, until an admin applies it; so is an uploaded one. Each pull lists up to{" "}
        {loaderData.linesShown} of the rows it rejected.
      </p>
      {actionData && "error" in actionData ? <DeskMessage tone="error">{actionData.error}</DeskMessage> : null}
      {actionData && "upload" in actionData ? <Uploaded upload={actionData.upload} /> : null}
      {loaderData.applied ? (
        <DeskMessage tone="notice">{`The held feed of pull #${loaderData.applied} is applied.`}</DeskMessage>
      ) : null}
      {canApply ? <UploadForm stores={loaderData.stores} maxSize={loaderData.maxSize} /> : null}
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

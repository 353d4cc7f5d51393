import { Form } from "react-router";
import { TextField } from "../components/forms/fields";
import {
  BUTTON,
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
import { type DeskCar, findCars, overriddenCars } from "../server/staff/inventory-desk.server";
import { roleAllows } from "../server/staff/sessions.server";
import type { Route } from "./+types/staff-inventory";
import { deskAction } from "./desk-action.server";
import { DONE, type Done, inventoryAction } from "./staff-inventory.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, staff } = deskOf(context);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, 64);
  const done = params.get("done");
  return {
    query,
    found: query ? await findCars(services.db, query) : null,
    ...(await overriddenCars(services.db)),
    canChange: roleAllows(staff.role, "admin"),
    done: done && Object.hasOwn(DONE, done) ? DONE[done as Done] : null,
  };
}

export const action = deskAction(inventoryAction);

export const meta = () => deskMeta("Inventory");

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const priceText = (price: number | null) => (price === null ? "Call for Price" : dollars.format(price));
const STATUS: Record<DeskCar["status"], string> = { available: "On the site", hidden: "Hidden", sold: "Sold" };

function Intent({ intent, vin, label, what }: { intent: string; vin: string; label: string; what: string }) {
  return (
    <Form method="post" reloadDocument className="mt-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="vin" value={vin} />
      <button type="submit" className={SECONDARY_BUTTON}>
        {label} <span className="sr-only">{what}</span>
      </button>
    </Form>
  );
}

/** One found car: what the site shows of it, and an admin's changes. */
function Car({ car, canChange }: { car: DeskCar; canChange: boolean }) {
  const what = `${car.title}, stock ${car.stockNumber}`;
  return (
    <section className="mt-6 rounded-md border border-slate-300 p-4" aria-labelledby={`car-${car.vin}`}>
      <h3 id={`car-${car.vin}`} className="text-lg font-semibold">
        {what}
      </h3>
      <p className="mt-1 text-slate-700">
        {`VIN ${car.vin} · ${car.storeName} · ${STATUS[car.status]} · ${priceText(car.price)}`}
        {car.correction ? ` (corrected; the feed’s price is ${priceText(car.correction.feedPrice)})` : ""}
      </p>
      {car.hidden ? <p className="mt-1 text-slate-700">{`Hidden: ${car.hiddenReason ?? ""}`}</p> : null}
      {!canChange ? (
        <p className="mt-2">An admin can hide this car or correct its price.</p>
      ) : (
        <div className="mt-2 flex flex-wrap gap-8">
          {car.hidden ? (
            <Intent intent="show" vin={car.vin} label="Show again" what={what} />
          ) : (
            <Form method="post" reloadDocument className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="hide" />
              <input type="hidden" name="vin" value={car.vin} />
              <TextField id={`hide-${car.vin}`} name="reason" label="Why hide it" required maxLength={300} />
              <button type="submit" className={BUTTON}>
                Hide <span className="sr-only">{what}</span>
              </button>
            </Form>
          )}
          <Form method="post" reloadDocument className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="price" />
            <input type="hidden" name="vin" value={car.vin} />
            <TextField id={`price-${car.vin}`} name="price" label="Correct price ($)" inputMode="numeric" required />
            <TextField id={`price-reason-${car.vin}`} name="reason" label="Why this price" required maxLength={300} />
            <button type="submit" className={BUTTON}>
              Correct price <span className="sr-only">of {what}</span>
            </button>
          </Form>
          {car.correction ? (
            <Intent intent="restore" vin={car.vin} label="Restore the feed’s price" what={`of ${what}`} />
          ) : null}
        </div>
      )}
    </section>
  );
}

function Overridden({
  cars,
  caption,
  empty,
  canChange,
  kind,
}: {
  cars: DeskCar[];
  caption: string;
  empty: string;
  canChange: boolean;
  kind: "hidden" | "corrected";
}) {
  return (
    <DeskTable
      caption={caption}
      headers={["Car", "Store", kind === "hidden" ? "Why" : "Price", "By", kind === "hidden" ? "Show" : "Restore"]}
      empty={cars.length === 0 && empty}
    >
      {cars.map((car) => (
        <tr key={car.vin}>
          <td className={CELL}>{`${car.title}, stock ${car.stockNumber}, VIN ${car.vin} (${STATUS[car.status]})`}</td>
          <td className={CELL}>{car.storeName}</td>
          <td className={CELL}>
            {kind === "hidden"
              ? car.hiddenReason
              : `${priceText(car.price)} instead of ${priceText(car.correction?.feedPrice ?? null)}: ${car.correction?.reason ?? ""}`}
          </td>
          <td className={CELL}>{`${car.changedBy ?? ""}, ${formatWhen(car.changedAt)}`}</td>
          <td className={CELL}>
            {canChange ? (
              kind === "hidden" ? (
                <Intent intent="show" vin={car.vin} label="Show again" what={car.vin} />
              ) : (
                <Intent intent="restore" vin={car.vin} label="Restore" what={`the feed’s price of ${car.vin}`} />
              )
            ) : (
              "—"
            )}
          </td>
        </tr>
      ))}
    </DeskTable>
  );
}

/** Find a car; hide it or correct its price (an admin's, audited); the cars hidden and corrected now. */
export default function StaffInventory({ loaderData, actionData }: Route.ComponentProps) {
  const { found, canChange } = loaderData;
  return (
    <>
      <DeskHeading>Inventory</DeskHeading>
      <p className="mt-2 max-w-3xl text-slate-700">
        A hidden car is off the site, its search and the ad feeds, and stays hidden when the feed lists it again. A
        corrected price stays until the feed sends a different price or an admin restores the feed’s. Each change is in
        the audit trail. Each store’s feed pulls and held feeds are on the{" "}
        <a href="/staff/inventory-feeds" className={LINK}>
          Inventory feeds
        </a>{" "}
        page.
      </p>
      {actionData?.error ? <DeskMessage tone="error">{actionData.error}</DeskMessage> : null}
      {loaderData.done ? <DeskMessage tone="notice">{loaderData.done}</DeskMessage> : null}
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <TextField name="q" label="VIN or stock number" required maxLength={64} defaultValue={loaderData.query} />
        <button type="submit" className={BUTTON}>
          Find
        </button>
      </Form>
      {found ? (
        <section className="mt-4" aria-labelledby="found">
          <h2 id="found" className="text-xl font-semibold">
            {`Cars matching “${loaderData.query}”`}
          </h2>
          {found.length === 0 ? <p className="mt-2">No car has that VIN or stock number.</p> : null}
          {found.map((car) => (
            <Car key={car.vin} car={car} canChange={canChange} />
          ))}
        </section>
      ) : null}
      <section className="mt-8" aria-labelledby="hidden-cars">
        <h2 id="hidden-cars" className="text-xl font-semibold">
          Hidden cars
        </h2>
        <Overridden
          kind="hidden"
          cars={loaderData.hidden}
          caption="Cars an admin hid from the site"
          empty="No car is hidden."
          canChange={canChange}
        />
      </section>
      <section className="mt-8" aria-labelledby="corrected-prices">
        <h2 id="corrected-prices" className="text-xl font-semibold">
          Corrected prices
        </h2>
        <Overridden
          kind="corrected"
          cars={loaderData.corrected}
          caption="Cars whose price an admin corrected"
          empty="No price is corrected."
          canChange={canChange}
        />
      </section>
    </>
  );
}

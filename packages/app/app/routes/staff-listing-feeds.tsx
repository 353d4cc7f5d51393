import { CELL, DeskHeading, DeskTable, deskMeta, formatWhen, LINK } from "../components/staff/desk";
import { deskOf } from "../server/staff/access.server";
import type { Route } from "./+types/staff-listing-feeds";
import { type DeskFeed, listingFeedsDesk } from "./staff-listing-feeds.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = deskOf(context);
  return { stores: await listingFeedsDesk(services) };
}

export const meta = () => deskMeta("Ad feeds");

const count = new Intl.NumberFormat("en-US");
const cars = (n: number) => `${count.format(n)} ${n === 1 ? "car" : "cars"}`;

function Feed({ store, feed }: { store: string; feed: DeskFeed }) {
  const leftOut = feed.leftOut.reduce((sum, group) => sum + group.count, 0);
  return (
    <section className="mt-6" aria-labelledby={`feed-${store}-${feed.platform}`}>
      <h3 id={`feed-${store}-${feed.platform}`} className="text-lg font-semibold">
        {feed.name}
      </h3>
      <p className="mt-1 text-slate-700">
        {cars(feed.listed)} listed, {cars(leftOut)} left out, as built at {formatWhen(feed.builtAt)}. Address:{" "}
        <a href={feed.url} className={`${LINK} break-all`}>
          {feed.url}
        </a>
      </p>
      <DeskTable
        caption={`What the ${feed.name} feed leaves out, and why`}
        headers={["Why", "Cars", "Which"]}
        empty={feed.leftOut.length === 0 && "It leaves out no available car."}
      >
        {feed.leftOut.map((group) => (
          <tr key={group.reason}>
            <td className={CELL}>{group.label}</td>
            <td className={CELL}>{count.format(group.count)}</td>
            <td className={CELL}>
              <ul>
                {group.cars.map((car) => (
                  <li key={car.vin}>
                    {car.stockNumber} · {car.title} · {car.vin}
                  </li>
                ))}
              </ul>
              {group.count > group.cars.length ? (
                <p className="mt-1 text-slate-700">and {cars(group.count - group.cars.length)} more.</p>
              ) : null}
            </td>
          </tr>
        ))}
      </DeskTable>
    </section>
  );
}

/** The ad feeds of every store: their addresses, how many cars each lists, and each car left out with the reason. */
export default function StaffListingFeeds({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <DeskHeading>Ad feeds</DeskHeading>
      <p className="mt-2 text-slate-700">
        Google and Meta fetch these feeds on their own schedule. Each lists the store’s available cars it may advertise,
        and is built again on the first fetch after an import; the figures below are from the latest build.
      </p>
      {loaderData.stores.map((store) => (
        <section key={store.id} className="mt-8" aria-labelledby={`store-${store.id}`}>
          <h2 id={`store-${store.id}`} className="text-xl font-semibold">
            {store.name}
          </h2>
          <p className="mt-1 text-slate-700">
            {store.priceInAds
              ? "The store allows the prices the site keeps behind Unlock Price in its ads."
              : "The store keeps the prices the site shows only after Unlock Price out of its ads, so the feeds list no priced car."}
          </p>
          {store.feeds.map((feed) => (
            <Feed key={feed.platform} store={store.id} feed={feed} />
          ))}
        </section>
      ))}
    </>
  );
}

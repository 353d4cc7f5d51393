import { Form, useLocation } from "react-router";
import { useShell, useUi } from "./i18n";
import { Icon } from "./icon";
import { PageLink } from "./navigation/page-link";
import { telHref } from "./site-header";

const NETWORK_NAMES: Readonly<Record<string, string>> = {
  facebook: "Facebook",
  twitter: "X",
  instagram: "Instagram",
  youtube: "YouTube",
};

/** Footer menus, the selected store's contact block, the group's locations, the legal line and disclaimers. */
export function SiteFooter({ minimal = false }: { minimal?: boolean }) {
  const shell = useShell();
  const ui = useUi();
  const location = useLocation();
  if (!shell) return null;
  const { store } = shell;
  const here = `${location.pathname}${location.search}`;
  return (
    <footer className="mt-auto bg-slate-900 text-slate-300 print:hidden">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        {minimal ? null : (
          <div className="grid gap-10 lg:grid-cols-3">
            <nav aria-label={ui("common.a11y.footerNavigation")} className="lg:col-span-2">
              <ul className="grid grid-cols-2 gap-8 md:grid-cols-4">
                {[...shell.menus.footerMain, ...shell.menus.footerSecondary].map((group) => (
                  <li key={group.name}>
                    {group.href && group.children.length === 0 ? (
                      <PageLink to={group.href} className="font-semibold text-white hover:underline">
                        {group.name}
                      </PageLink>
                    ) : (
                      <>
                        <p className="font-semibold text-white">{group.name}</p>
                        <ul className="mt-2 space-y-1 text-sm">
                          {group.children.map((child) =>
                            child.href ? (
                              <li key={child.name}>
                                <PageLink
                                  to={child.href}
                                  className="inline-block py-1 hover:text-white hover:underline"
                                >
                                  {child.name}
                                </PageLink>
                              </li>
                            ) : null,
                          )}
                        </ul>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
            <div className="text-sm">
              <p className="font-semibold text-white">{store.name}</p>
              <address className="mt-3 not-italic">
                <a
                  href={store.mapsUrl}
                  className="inline-block py-1 hover:text-white hover:underline"
                  rel="noopener noreferrer"
                >
                  {store.addressLine1}
                  <br />
                  {store.cityLine}
                  <span className="sr-only"> {ui("common.a11y.opensInNewTab")}</span>
                </a>
              </address>
              <dl className="mt-4 space-y-2">
                <div>
                  <dt className="font-medium text-white">{ui("common.contact.sales")}</dt>
                  <dd>
                    <a href={telHref(store.salesPhone)} className="inline-block py-1 hover:text-white hover:underline">
                      {store.salesPhone}
                    </a>
                    <span className="block">{store.salesHours}</span>
                  </dd>
                </div>
                <div>
                  <dt className="font-medium text-white">{ui("common.contact.service")}</dt>
                  <dd>
                    <a
                      href={telHref(store.servicePhone)}
                      className="inline-block py-1 hover:text-white hover:underline"
                    >
                      {store.servicePhone}
                    </a>
                    <span className="block">{store.serviceHours}</span>
                  </dd>
                </div>
              </dl>
              <p className="mt-2 text-xs text-slate-400">{ui("common.hours.timeZoneNote")}</p>
              <p className="mt-4 font-medium text-white">{ui("layout.footer.followUs")}</p>
              <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
                {store.socials.map((social) => (
                  <li key={social.network}>
                    <a
                      href={social.url}
                      rel="noopener noreferrer"
                      className="inline-block py-1 hover:text-white hover:underline"
                    >
                      {NETWORK_NAMES[social.network] ?? social.network}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}
        {minimal || shell.locations.length === 0 ? null : (
          <section aria-labelledby="footer-locations" className="mt-12 border-t border-slate-700 pt-8">
            <h2 id="footer-locations" className="font-semibold text-white">
              {ui("layout.footer.locationsTitle")}
            </h2>
            <ul className="mt-4 grid gap-6 text-sm sm:grid-cols-2 lg:grid-cols-4">
              {shell.locations.map((place) => (
                <li key={place.name}>
                  <p className="font-medium text-white">{place.name}</p>
                  <p>{place.subname}</p>
                  <a
                    href={place.mapsUrl}
                    rel="noopener noreferrer"
                    className="mt-1 inline-flex items-start gap-1 py-1 hover:text-white hover:underline"
                  >
                    <Icon name="map-pin" className="mt-0.5 size-4 shrink-0" />
                    <span>
                      {place.addressLine1}, {place.addressLine2}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        <div className="mt-10 flex flex-col gap-4 border-t border-slate-700 pt-8 text-sm md:flex-row md:items-center md:justify-between">
          <ul className="flex flex-wrap items-center gap-x-6 gap-y-2">
            {shell.menus.footerLine.map((item) =>
              item.href ? (
                <li key={item.name}>
                  <PageLink to={item.href} className="inline-block py-1 hover:text-white hover:underline">
                    {item.name}
                  </PageLink>
                </li>
              ) : null,
            )}
            {shell.consent ? (
              <li>
                <Form method="post" action="/api/consent" reloadDocument>
                  <input type="hidden" name="intent" value="reopen" />
                  <input type="hidden" name="redirectTo" value={here} />
                  <button type="submit" className="inline-block py-1 hover:text-white hover:underline">
                    {ui("layout.footer.cookieSettings")}
                  </button>
                </Form>
              </li>
            ) : null}
          </ul>
          <p>{ui("layout.footer.legalLine", { year: shell.year, groupName: shell.groupName })}</p>
        </div>
        <p className="mt-6 text-xs leading-5 text-slate-400">
          {ui("layout.footer.priceDisclaimer", { documentFee: shell.documentFee })}
        </p>
      </div>
    </footer>
  );
}

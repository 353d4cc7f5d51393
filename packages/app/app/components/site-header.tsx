import { useEffect } from "react";
import { useLocation } from "react-router";
import { useShell, useUi } from "./i18n";
import { Icon } from "./icon";
import { PageLink } from "./navigation/page-link";
import type { MenuView, StoreView } from "./shell-data";
import { StoreSwitcher } from "./store-switcher";

/** `(314) 555-0142` → `tel:+13145550142`. */
export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "")}`;
}

/**
 * Menus and pickers are `<details>` so they open without JavaScript; with it, a click outside, Escape or a page
 * change closes them, as people expect of a menu.
 */
function useMenuDismiss() {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger: a new page closes open menus
  useEffect(() => {
    for (const open of document.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]")) open.open = false;
  }, [location.pathname, location.search]);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      for (const open of document.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]"))
        if (!open.contains(event.target as Node)) open.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const open of document.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]")) {
        const hadFocus = open.contains(document.activeElement);
        open.open = false;
        if (hadFocus) open.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
}

function DesktopItem({ item }: { item: MenuView }) {
  if (item.children.length === 0 && item.href) {
    return (
      <li>
        <PageLink
          to={item.href}
          prefetch="intent"
          className="block rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-slate-100 hover:text-brand-700"
        >
          {item.name}
        </PageLink>
      </li>
    );
  }
  return (
    <li>
      <details className="group relative" data-menu="">
        <summary className="flex list-none items-center gap-1 rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-slate-100 hover:text-brand-700">
          {item.name}
          <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="absolute left-0 z-40 mt-2 w-80 rounded-lg border border-slate-200 bg-white p-2 shadow-xl">
          {item.description ? <p className="px-3 pt-2 pb-1 text-sm text-slate-600">{item.description}</p> : null}
          <ul>
            {item.children.map((child) =>
              child.href ? (
                <li key={child.name}>
                  <PageLink to={child.href} prefetch="intent" className="block rounded-md px-3 py-2 hover:bg-brand-50">
                    <span className="block font-medium text-slate-900">{child.name}</span>
                    {child.description ? (
                      <span className="block text-sm text-slate-600">{child.description}</span>
                    ) : null}
                  </PageLink>
                </li>
              ) : null,
            )}
          </ul>
        </div>
      </details>
    </li>
  );
}

function MobileMenu({ items, store }: { items: readonly MenuView[]; store: StoreView }) {
  const ui = useUi();
  return (
    <details className="group lg:hidden" data-menu="">
      <summary className="flex list-none items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800">
        <Icon name="bars-3" className="size-5 group-open:hidden" />
        <Icon name="x-mark" className="hidden size-5 group-open:block" />
        {ui("layout.header.menu")}
      </summary>
      <nav
        aria-label={ui("layout.header.menu")}
        className="absolute inset-x-0 top-full z-40 max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pt-2 pb-6 shadow-xl"
      >
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.name} className="py-3">
              {item.children.length === 0 && item.href ? (
                <PageLink to={item.href} className="block py-1 text-base font-semibold text-slate-900">
                  {item.name}
                </PageLink>
              ) : (
                <>
                  <p className="py-1 text-base font-semibold text-slate-900">{item.name}</p>
                  <ul className="mt-1 grid grid-cols-2 gap-x-4">
                    {item.children.map((child) =>
                      child.href ? (
                        <li key={child.name}>
                          <PageLink to={child.href} className="block py-2 text-slate-700 hover:text-brand-700">
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
        <a
          href={telHref(store.salesPhone)}
          className="mt-4 flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-3 font-semibold text-white"
        >
          <Icon name="phone" className="size-5" />
          {ui("common.actions.callNumber", { phone: store.salesPhone })}
        </a>
      </nav>
    </details>
  );
}

/** The skip link, the store bar (picker, phone, hours) and the header with the logo and the main menu. */
export function SiteHeader({ minimal = false }: { minimal?: boolean }) {
  const shell = useShell();
  const ui = useUi();
  useMenuDismiss();
  if (!shell) return null;
  const { store } = shell;
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[70] rounded-md bg-white px-4 py-2 font-semibold text-brand-900 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {ui("common.a11y.skipToContent")}
      </a>
      {minimal ? null : (
        <div className="bg-brand-900 text-white">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-1.5 text-sm sm:px-6 lg:px-8">
            <StoreSwitcher />
            <PageLink to="/saved-vehicles" className="py-1 font-semibold text-white underline-offset-2 hover:underline">
              {ui("layout.header.saved")}
            </PageLink>
            <p className="hidden items-center gap-1.5 text-brand-100 md:flex">
              <Icon name="clock" className="size-4" />
              <span className="sr-only">{ui("common.hours.sales")}: </span>
              {store.salesHours}
            </p>
          </div>
        </div>
      )}
      <header className="relative border-b border-slate-200 bg-white print:hidden">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">
          <PageLink to="/" className="flex shrink-0 items-center rounded-md">
            <img
              src={store.logo.color}
              alt={ui("common.a11y.logoAlt", { name: shell.groupName })}
              width={180}
              height={40}
              className="h-9 w-auto sm:h-10"
            />
          </PageLink>
          {minimal ? (
            <a
              href={telHref(store.salesPhone)}
              className="flex items-center gap-2 text-sm font-semibold text-brand-700"
            >
              <Icon name="phone" className="size-5" />
              {ui("layout.minimal.needHelp", { phone: store.salesPhone })}
            </a>
          ) : (
            <>
              <nav aria-label={ui("common.a11y.mainNavigation")} className="hidden lg:block">
                <ul className="flex items-center gap-1">
                  {shell.menus.header.map((item) => (
                    <DesktopItem key={item.name} item={item} />
                  ))}
                </ul>
              </nav>
              <div className="flex items-center gap-3">
                <a
                  href={telHref(store.salesPhone)}
                  className="hidden items-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 sm:flex"
                >
                  <Icon name="phone" className="size-5" />
                  <span>
                    <span className="sr-only">{ui("layout.header.callSales")}: </span>
                    {store.salesPhone}
                  </span>
                </a>
                <MobileMenu items={shell.menus.header} store={store} />
              </div>
            </>
          )}
        </div>
      </header>
    </>
  );
}

import { useShell, useUi } from "./i18n";
import { Icon } from "./icon";
import { PageLink } from "./navigation/page-link";
import { telHref } from "./site-header";

/**
 * "Prefer to talk?": the selected store's sales phone and hours, and the contact page, beside a form for shoppers who
 * would rather call than type.
 */
export function TalkToUs({ title }: { title?: string }) {
  const shell = useShell();
  const ui = useUi();
  if (!shell) return null;
  const { store } = shell;
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title ?? ui("common.actions.callUs")}</h2>
      <p className="mt-2 text-slate-700">
        {store.name} · {store.salesHours}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href={telHref(store.salesPhone)}
          className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          <Icon name="phone" className="size-5" />
          {ui("common.actions.callNumber", { phone: store.salesPhone })}
        </a>
        <PageLink
          to="/contact-us"
          className="inline-flex items-center rounded-md border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-900 hover:border-brand-600"
        >
          {ui("common.actions.emailUs")}
        </PageLink>
      </div>
    </div>
  );
}

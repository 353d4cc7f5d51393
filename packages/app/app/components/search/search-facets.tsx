import { countText, type TextTree, translator } from "../i18n";
import { Icon } from "../icon";
import { PageLink } from "../navigation/page-link";
import type { FacetGroup, FacetLink, FilterChip } from "./types";

/**
 * A facet value's name (checked when chosen) and its count, which screen readers hear as "12 vehicles". Kept to as
 * few nodes as the design needs: a search page has about ninety values, and each node is rendered, hydrated and laid
 * out; the name is the link's own text, the count pushed to the end by its margin.
 */
function FacetValueText({ value, texts }: { value: FacetLink; texts: TextTree }) {
  const count = countText(texts, "filters.count", value.count);
  return (
    <>
      {value.selected ? <Icon name="check" className="mr-1 inline size-4" /> : null}
      {value.label}
      <span aria-hidden="true" className="ml-auto">
        {value.count}
      </span>
      <span className="sr-only">{`, ${count}`}</span>
    </>
  );
}

/**
 * The filters: each facet a `<details>` group (collapsed on phones unless a value is chosen), each value a link to
 * the search with it chosen (toggled in list facets) and the number of vehicles it would give. A value that would
 * give none is not a link, nor is the chosen value of a single-valued facet: its chip removes it. The values' route
 * is the page's own, so they are not sent to route discovery (docs/decisions/157). In the phone's Filters dialog the
 * groups come without the landmark and title (the dialog has its own) and with ids of their own (`idPrefix`).
 * One line above the values says which stores their counts count (`store`: "Brentwood", "both stores").
 */
export function SearchFacets({
  groups,
  texts,
  store,
  idPrefix = "",
  titled = true,
}: {
  groups: FacetGroup[];
  texts: TextTree;
  store: string;
  idPrefix?: string;
  titled?: boolean;
}) {
  const t = translator(texts);
  const values = (
    <>
      <p className={`${titled ? "mt-1 " : ""}text-sm text-slate-600`} data-testid="facet-scope">
        {t("filters.countsAtStore", { store })}
      </p>
      <div className="mt-2 divide-y divide-slate-200 border-y border-slate-200">
        {groups.map((group) => (
          <details key={group.id} open={group.open} className="group py-2">
            <summary
              id={`${idPrefix}facet-${group.id}`}
              className="flex cursor-pointer items-center justify-between py-1 font-medium text-slate-900"
            >
              {group.label}
              <Icon name="chevron-down" className="size-4 transition group-open:rotate-180" />
            </summary>
            <ul
              aria-labelledby={`${idPrefix}facet-${group.id}`}
              className="mt-2 max-h-72 space-y-1 overflow-y-auto pb-1"
            >
              {group.values.map((value) => (
                <li key={value.label}>
                  {value.href ? (
                    <PageLink
                      to={value.href}
                      preventScrollReset
                      discover={false}
                      aria-current={value.selected ? "true" : undefined}
                      className={`flex gap-2 rounded px-2 py-1 text-sm hover:bg-brand-50 ${
                        value.selected ? "bg-brand-50 font-semibold text-brand-900" : "text-slate-800"
                      }`}
                    >
                      <FacetValueText value={value} texts={texts} />
                    </PageLink>
                  ) : (
                    <span
                      aria-current={value.selected ? "true" : undefined}
                      className={`flex gap-2 px-2 py-1 text-sm ${
                        value.selected ? "rounded bg-brand-50 font-semibold text-brand-900" : "text-slate-600"
                      }`}
                    >
                      <FacetValueText value={value} texts={texts} />
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </details>
        ))}
      </div>
    </>
  );
  if (!titled) return values;
  return (
    <nav aria-labelledby="filters-title">
      <h2 id="filters-title" className="text-lg font-semibold text-slate-900">
        {t("search.filtersTitle")}
      </h2>
      {values}
    </nav>
  );
}

/** The filters in force as chips, each a link that removes it, and "Clear all filters". */
export function FilterChips({
  chips,
  clearHref,
  clearLabel,
  texts,
}: {
  chips: FilterChip[];
  clearHref: string;
  clearLabel: string;
  texts: TextTree;
}) {
  const t = translator(texts);
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.href}>
          <PageLink
            to={chip.href}
            preventScrollReset
            className="inline-flex items-center gap-1 rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:border-brand-600"
          >
            <span aria-hidden="true">{chip.label}</span>
            <Icon name="x-mark" className="size-4" />
            <span className="sr-only">{t("search.removeFilter", { name: chip.label })}</span>
          </PageLink>
        </li>
      ))}
      <li>
        <PageLink
          to={clearHref}
          className="inline-block px-2 py-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          {clearLabel}
        </PageLink>
      </li>
    </ul>
  );
}

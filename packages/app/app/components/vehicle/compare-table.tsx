import type { ReactNode } from "react";
import { countText, type TextTree, translator } from "../i18n";
import { PageLink } from "../navigation/page-link";
import type { CardPrice } from "./types";
import { VehiclePrice } from "./vehicle-card";

/** One vehicle of the comparison: a column of the table, the price gate already applied. */
export interface CompareColumn {
  vin: string;
  href: string;
  /** "2021 Toyota Camry" */
  title: string;
  trim: string | null;
  year: number;
  mileage: number;
  /** Where the car is ("St. Peters"): compared cars may be at different stores. */
  store: string;
  price: CardPrice;
  /** Empty when the feed does not say; the page writes "Not listed". */
  drivetrain: string;
  fuelType: string;
  transmission: string;
  engine: string;
  features: string[];
  /** The same comparison without this vehicle. */
  removeHref: string;
}

interface CompareRow {
  key: string;
  label: string;
  cell: (column: CompareColumn) => ReactNode;
  /** A row of words the feed may leave out: shown only when at least one vehicle has them. */
  text?: (column: CompareColumn) => string;
}

/**
 * The comparison: a real table, one column per vehicle (its title a column header, linking to its page, with a link
 * that takes it off), one row per fact (a row header). Wider than a phone, it scrolls sideways inside a labelled,
 * focusable region, so a keyboard can scroll it too, while the fact names stay pinned at the left.
 */
export function CompareTable({ columns, texts }: { columns: readonly CompareColumn[]; texts: TextTree }) {
  const t = translator(texts);
  const notListed = t("compare.notListed");
  const rows: CompareRow[] = [
    {
      key: "price",
      label: t("compare.price"),
      cell: (c) => (
        <span className="text-lg font-bold text-slate-900">
          <VehiclePrice vin={c.vin} price={c.price} texts={texts} />
        </span>
      ),
    },
    { key: "year", label: t("detail.specs.year"), cell: (c) => String(c.year) },
    { key: "mileage", label: t("detail.specs.mileage"), cell: (c) => countText(texts, "card.mileage", c.mileage) },
    { key: "store", label: t("compare.store"), cell: (c) => c.store },
    ...(["drivetrain", "fuelType", "transmission", "engine"] as const).map((key) => ({
      key,
      label: t(`detail.specs.${key}`),
      cell: (c: CompareColumn) => c[key] || notListed,
      text: (c: CompareColumn) => c[key],
    })),
    {
      key: "features",
      label: t("compare.features"),
      cell: (c) =>
        c.features.length === 0 ? (
          notListed
        ) : (
          <ul className="list-disc space-y-1 pl-4">
            {c.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        ),
      text: (c) => c.features.join(", "),
    },
  ];
  const shown = rows.filter((row) => !row.text || columns.some((c) => row.text?.(c)));
  return (
    <>
      <p className="mb-3 text-sm text-slate-700 sm:hidden">{t("compare.scrollHint")}</p>
      <section
        aria-labelledby="compare-caption"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so a keyboard can scroll it (WCAG 2.1.1)
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <table className="w-full min-w-[34rem] border-collapse text-left text-sm text-slate-800">
          <caption id="compare-caption" className="px-4 pt-4 pb-2 text-left font-semibold text-slate-900">
            {t("compare.scrollLabel")}: {countText(texts, "compare.caption", columns.length)}
          </caption>
          <thead>
            <tr className="border-b border-slate-200 align-top">
              <th scope="col" className="sticky left-0 w-32 bg-slate-50 px-4 py-3 font-semibold text-slate-900">
                {t("compare.vehicle")}
              </th>
              {columns.map((c) => (
                <th key={c.vin} scope="col" className="min-w-44 px-4 py-3 font-semibold text-slate-900">
                  <PageLink to={c.href} prefetch="intent" className="text-base text-brand-800 hover:underline">
                    {c.title}
                    {c.trim ? <span className="block text-sm font-normal text-slate-700">{c.trim}</span> : null}
                  </PageLink>
                  <PageLink
                    to={c.removeHref}
                    className="mt-2 inline-flex min-h-11 items-center text-sm font-normal text-slate-700 underline underline-offset-2 hover:text-slate-900"
                  >
                    {t("compare.remove")}
                    <span className="sr-only"> {t("compare.removeFrom", { vehicle: c.title })}</span>
                  </PageLink>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.key} data-row={row.key} className="border-b border-slate-200 align-top last:border-b-0">
                <th scope="row" className="sticky left-0 bg-slate-50 px-4 py-3 font-semibold text-slate-900">
                  {row.label}
                </th>
                {columns.map((c) => (
                  <td key={c.vin} className="px-4 py-3">
                    {row.cell(c)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

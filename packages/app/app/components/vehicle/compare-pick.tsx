import { type TextTree, translator } from "../i18n";

/** The compare page; its loader reads `vin=…` (these checkboxes) and `vins=A,B,C` (ADR 346). */
const COMPARE_ACTION = "/compare";

/**
 * The form the cards' "Compare" checkboxes belong to: a plain GET to the compare page, so ticking cars and pressing
 * "Compare selected" works without JavaScript and lands on an address that can be shared. The checkboxes sit inside
 * the cards (each card already holds the heart's form, and forms do not nest), joined to this form by its `id`.
 */
export function CompareForm({ id, texts, className = "" }: { id: string; texts: TextTree; className?: string }) {
  const t = translator(texts);
  return (
    <form id={id} method="get" action={COMPARE_ACTION} className={`flex flex-wrap items-center gap-3 ${className}`}>
      <p className="text-sm text-slate-700">{t("compare.submitHint")}</p>
      <CompareSubmit texts={texts} />
    </form>
  );
}

/** Another "Compare selected" for the same form, after a long list. */
export function CompareSubmit({ texts, form }: { texts: TextTree; form?: string }) {
  const t = translator(texts);
  return (
    <button
      type="submit"
      form={form}
      className="inline-flex min-h-11 items-center rounded-md border border-brand-700 bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      {t("compare.submit")}
    </button>
  );
}

/** A card's "Compare" checkbox, named for its vehicle, in the form `form`. */
export function CompareCheckbox({
  form,
  vin,
  title,
  texts,
}: {
  form: string;
  vin: string;
  title: string;
  texts: TextTree;
}) {
  const t = translator(texts);
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-semibold text-slate-800">
      <input type="checkbox" name="vin" value={vin} form={form} className="size-5 accent-brand-700" />
      {t("compare.pick")}
      <span className="sr-only">{` ${title}`}</span>
    </label>
  );
}

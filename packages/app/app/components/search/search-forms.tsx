import { Form, useSubmit } from "react-router";
import type { FormTarget } from "./types";

function Hidden({ target }: { target: FormTarget }) {
  return (
    <>
      {target.hidden.map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
    </>
  );
}

/**
 * "Search inventory": free text over year, make, model, trim, VIN and stock number, body style, colour and features
 * (ADR 260), the other filters kept.
 */
export function InventorySearchForm({
  target,
  q,
  label,
  placeholder,
}: {
  target: FormTarget;
  q: string;
  label: string;
  placeholder: string;
}) {
  const [firstWord, ...others] = label.split(" ");
  const rest = others.join(" ");
  return (
    <Form method="get" action={target.action} role="search" className="flex w-full max-w-2xl flex-wrap gap-2">
      <label htmlFor="inventory-q" className="sr-only">
        {label}
      </label>
      <input
        id="inventory-q"
        name="q"
        type="search"
        defaultValue={q}
        maxLength={100}
        placeholder={placeholder}
        className="min-w-0 flex-1 rounded-md border border-slate-400 px-3 py-2 text-slate-900 placeholder:text-slate-600"
      />
      <Hidden target={target} />
      <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        {/* On a phone the field keeps the room for its placeholder: the button shows the label's first word, and
            its name stays the whole label (ADR 262). */}
        {firstWord}
        {rest ? <span className="sr-only sm:not-sr-only">{` ${rest}`}</span> : null}
      </button>
    </Form>
  );
}

/**
 * The sort select as a GET form: without JavaScript its button submits it; with it, choosing an option submits it.
 * The button is hidden by the `js:` variant from the first paint (the boot script marks the document first), not
 * after hydration: removing it then moved the sort beside the Filters button and the results up (CLS 0.107 on a
 * phone), and a later mount (Back from a car) must not move the list after the scroll is restored (ADR 261).
 */
export function SortForm({
  target,
  sort,
  options,
  label,
  apply,
}: {
  target: FormTarget;
  sort: string;
  options: { value: string; label: string }[];
  label: string;
  apply: string;
}) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action={target.action}
      className="flex items-center gap-2"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      <Hidden target={target} />
      <label htmlFor="inventory-sort" className="sr-only text-sm font-medium text-slate-800 sm:not-sr-only">
        {label}
      </label>
      <select
        key={sort}
        id="inventory-sort"
        name="sort"
        defaultValue={sort}
        // A floor on the width: a page painted before the select's options have all arrived would otherwise draw it
        // narrower and then move the sort sideways.
        className="min-w-44 rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-900 js:hidden"
      >
        {apply}
      </button>
    </Form>
  );
}

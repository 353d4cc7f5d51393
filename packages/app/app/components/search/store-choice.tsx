import { Form } from "react-router";
import { countText, type TextTree } from "../i18n";
import { PageLink } from "../navigation/page-link";
import type { StoreChoiceOption, StoreChoiceView } from "./types";

const pill = "inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full border px-4 py-2 text-sm";
const idle = `${pill} border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:bg-brand-50`;

function OptionText({ option, texts }: { option: StoreChoiceOption; texts: TextTree }) {
  return (
    <>
      <span>{option.name}</span>
      <span aria-hidden="true" className="text-slate-600">
        {option.count}
      </span>
      <span className="sr-only">{`, ${countText(texts, "filters.count", option.count)}`}</span>
    </>
  );
}

function Choice({ option, texts, storeId }: { option: StoreChoiceOption; texts: TextTree; storeId?: string }) {
  if (option.selected) {
    return (
      <span aria-current="true" className={`${pill} border-brand-600 bg-brand-50 font-semibold text-brand-900`}>
        <OptionText option={option} texts={texts} />
      </span>
    );
  }
  if (option.href) {
    return (
      <PageLink to={option.href} discover={false} className={idle}>
        <OptionText option={option} texts={texts} />
      </PageLink>
    );
  }
  return (
    <button type="submit" name="storeId" value={storeId} className={idle}>
      <OptionText option={option} texts={texts} />
    </button>
  );
}

/**
 * Which stores the search covers (ADR 400): each store and "All stores", with the same search's count at each. The
 * shown scope is marked current; the visitor's store and "All stores" are links, another store a submit button of a
 * plain POST to /api/store (it becomes the visitor's store), so every choice works without JavaScript.
 */
export function StoreChoice({ choice, texts }: { choice: StoreChoiceView; texts: TextTree }) {
  return (
    <Form
      method="post"
      action="/api/store"
      aria-labelledby="store-choice-title"
      // One row on a phone, scrolled sideways when it does not fit: wrapped, the choices took a second row and pushed
      // the first car below the first screen.
      className="-mx-1 flex items-center gap-2 overflow-x-auto whitespace-nowrap px-1 py-0.5 sm:flex-wrap sm:overflow-visible"
    >
      <span id="store-choice-title" className="mr-1 shrink-0 text-sm font-semibold text-slate-900">
        {choice.label}
      </span>
      <input type="hidden" name="redirectTo" value={choice.redirectTo} />
      {choice.stores.map((store) => (
        <Choice key={store.storeId} option={store} texts={texts} storeId={store.storeId} />
      ))}
      <Choice option={choice.all} texts={texts} />
    </Form>
  );
}

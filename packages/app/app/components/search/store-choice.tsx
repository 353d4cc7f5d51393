import { Form } from "react-router";
import { countText, type TextTree } from "../i18n";
import { PageLink } from "../navigation/page-link";
import type { StoreChoiceOption, StoreChoiceView } from "./types";

// On a phone the choices are a size smaller (36 px, over WCAG 2.2's 24 px target) and the label is for screen readers
// only, so the three fit one row and the first car stays on the first screen.
const pill =
  "inline-flex min-h-9 items-center gap-1 rounded-full border px-2.5 py-1 text-sm sm:min-h-11 sm:gap-2 sm:px-4 sm:py-2";
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
      className="flex flex-wrap items-center gap-1.5 sm:gap-2"
    >
      <span id="store-choice-title" className="sr-only text-sm font-semibold text-slate-900 sm:not-sr-only sm:mr-1">
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

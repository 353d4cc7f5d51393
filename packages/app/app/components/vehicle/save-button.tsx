import { useFetcher, useLocation } from "react-router";
import { type TextTree, translator } from "../i18n";

/** The saved-vehicles page, whose action saves and removes. */
export const SAVED_VEHICLES_PATH = "/saved-vehicles";

/**
 * The heart of a vehicle card or page: a toggle button (`aria-pressed`) in a POST form to the saved-vehicles action.
 * Without JavaScript the form posts with the page to come back to, and the answer is a 303 there. With it, a fetcher
 * posts without one and the heart shows the new state at once; the page's data then revalidates.
 */
export function SaveVehicleButton({
  vin,
  title,
  saved,
  texts,
  showLabel = false,
}: {
  vin: string;
  title: string;
  saved: boolean;
  /** `inventory.card` and up: `card.save`. */
  texts: TextTree;
  /** Shows "Save" beside the heart (the detail page); cards show the heart alone. */
  showLabel?: boolean;
}) {
  const t = translator(texts);
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get("intent");
  const pressed = typeof pending === "string" ? pending === "save" : saved;
  return (
    <form
      method="post"
      action={SAVED_VEHICLES_PATH}
      onSubmit={(event) => {
        event.preventDefault();
        void fetcher.submit(
          { vin, intent: pressed ? "remove" : "save" },
          { method: "post", action: SAVED_VEHICLES_PATH },
        );
      }}
    >
      <input type="hidden" name="vin" value={vin} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        name="intent"
        value={pressed ? "remove" : "save"}
        aria-pressed={pressed}
        aria-label={t("card.save", { vehicle: title })}
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`size-6 ${pressed ? "fill-red-600 text-red-700" : "fill-none text-slate-700"}`}
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path
            strokeLinejoin="round"
            d="M21 8.25c0-2.485-2.099-4.5-4.688-4.5-1.935 0-3.597 1.126-4.312 2.733-.715-1.607-2.377-2.733-4.313-2.733C5.1 3.75 3 5.765 3 8.25c0 7.22 9 12 9 12s9-4.78 9-12z"
          />
        </svg>
        {showLabel ? t("card.saveShort") : null}
      </button>
    </form>
  );
}

// The stepper in a dialog, with JavaScript: loaded only when a shopper reaches for "Personalize My Price", so
// react-aria-components, xstate and the machine never weigh on a page's first load (docs/decisions/171).
import { useEffect } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useFetcher } from "react-router";
import { translator } from "../i18n";
import { PersonalizePriceStepper } from "./personalize-price-stepper";
import type { StepperDialogData } from "./types";

/**
 * The stepper dialog for one vehicle. It loads the stepper route's data (the vehicle, the visitor's journey, the
 * strings), then runs the same machine as the server; the contact step's save posts the whole journey to the route's
 * action, which replays and re-validates it. Escape, the close button or a click outside closes it; focus returns to
 * the link that opened it.
 */
export default function PersonalizePriceDialog({ vin, onClose }: { vin: string; onClose: () => void }) {
  const fetcher = useFetcher<StepperDialogData>();
  const path = `/personalize-price/${encodeURIComponent(vin)}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per opening; the fetcher is stable enough.
  useEffect(() => {
    void fetcher.load(path);
  }, [path]);
  const data = fetcher.data;
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/60 p-4 sm:items-center"
    >
      <Modal className="w-full max-w-xl rounded-xl bg-white shadow-xl">
        <Dialog className="relative p-6 outline-none" aria-label={data ? undefined : "Personalize My Price"}>
          {({ close }) => (
            <>
              <button
                type="button"
                onClick={close}
                className="absolute top-2 right-2 inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                aria-label={data ? translator(data.texts)("close") : "Close"}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor">
                  <path strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
              {!data ? (
                <p role="status" className="py-8 pr-10 text-slate-800">
                  {fetcher.state === "idle" ? (
                    <a href={path} className="text-brand-700 underline">
                      Personalize My Price
                    </a>
                  ) : (
                    "Loading your price…"
                  )}
                </p>
              ) : data.kind === "callForPrice" ? (
                <CallForPrice data={data} />
              ) : (
                <PersonalizePriceStepper data={data} path={path} onClose={close} />
              )}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function CallForPrice({ data }: { data: Extract<StepperDialogData, { kind: "callForPrice" }> }) {
  const t = translator(data.texts);
  return (
    <>
      <Heading slot="title" className="pr-10 text-2xl font-semibold text-slate-900">
        {t("callForPrice.title")}
      </Heading>
      <p className="mt-3 text-slate-800">{t("callForPrice.text", { phone: data.phone })}</p>
    </>
  );
}

// The stepper in a dialog, with JavaScript: loaded only when a shopper reaches for "Personalize My Price", so
// react-aria-components, xstate and the machine never weigh on a page's first load (docs/decisions/171).
import { useEffect } from "react";
import { Heading } from "react-aria-components";
import { useFetcher } from "react-router";
import { CloseButton, DialogLoading, ModalShell } from "../dialog/modal-shell";
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
    <ModalShell onClose={onClose} dialogProps={data ? {} : { "aria-label": "Personalize My Price" }}>
      {(close) => (
        <>
          <CloseButton label={data ? translator(data.texts)("close") : "Close"} onClose={close} />
          {!data ? (
            <DialogLoading
              loading={fetcher.state !== "idle"}
              href={path}
              label="Personalize My Price"
              text="Loading your price…"
            />
          ) : data.kind === "callForPrice" ? (
            <CallForPrice data={data} />
          ) : (
            <PersonalizePriceStepper data={data} path={path} onClose={close} />
          )}
        </>
      )}
    </ModalShell>
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

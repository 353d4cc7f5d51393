import {
  type DialogPosition,
  isClosable,
  type PopupDefinition,
  type PopupOutcome,
  type PopupSubmission,
  popupMachine,
} from "@showroom/rules/popups";
import { useActorRef, useSelector } from "@xstate/react";
import { type PointerEvent, useEffect, useRef, useState } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { createPortal } from "react-dom";
import { useNavigate } from "react-router";
import { fromPromise } from "xstate";
import { ContactFields } from "../forms/contact-fields";
import { type FieldErrors, FormMetaFields } from "../forms/fields";
import { type TextTree, translator } from "../i18n";
import type { PopupsView } from "./popup-view";
import { focusAfter, plainClick, postClose, RUNTIME_SIDE_BUTTONS_ID, SideButtonFace } from "./side-buttons";

/** The spec's mobile flag: a window under 640 px wide (section 4, Other). */
const MOBILE_QUERY = "(max-width: 639.98px)";

const PLACEMENT: Record<DialogPosition, string> = {
  center: "items-center justify-center",
  left: "items-center justify-start",
  right: "items-center justify-end",
  top: "items-start justify-center",
  topleft: "items-start justify-start",
  topright: "items-start justify-end",
  bottom: "items-end justify-center",
  bottomleft: "items-end justify-start",
  bottomright: "items-end justify-end",
};

function usePosition(popup: PopupDefinition): DialogPosition {
  const position = popup.settings?.position ?? "center";
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const update = () => setMobile(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return typeof position === "string" ? position : mobile ? position.mobile : position.desktop;
}

/** Moves the dialog by dragging its title bar; the offset resets when the dialog is maximized. */
function useDrag() {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const start = useRef<{ x: number; y: number; from: { x: number; y: number } } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0 || (event.target as Element).closest("button, a, input, select, textarea")) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, y: event.clientY, from: offset };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const at = start.current;
    if (at) setOffset({ x: at.from.x + event.clientX - at.x, y: at.from.y + event.clientY - at.y });
  };
  const onPointerUp = () => {
    start.current = null;
  };
  return { offset, reset: () => setOffset({ x: 0, y: 0 }), handlers: { onPointerDown, onPointerMove, onPointerUp } };
}

const PRIMARY =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-5 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";
const ICON_BUTTON =
  "inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

/** The trade-in popup's form: a start into the sell/trade journey, whose last step makes the SELL_OR_TRADE lead. */
function TradeInValueForm({ view, onSubmit }: { view: PopupsView; onSubmit: () => void }) {
  const t = translator(view.texts);
  return (
    <form
      method="get"
      action="/sell-trade-my-car/your-vehicle"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <p className="text-slate-700">{t("sell.landing.text")}</p>
      <button type="submit" className={`${PRIMARY} mt-4 w-full`}>
        {t("sell.landing.start")}
      </button>
    </form>
  );
}

/** What the lead action answers (routes/api.popup-lead.server.ts). */
interface LeadAnswer {
  ok: boolean;
  result?: { error?: Record<string, string[] | null> | null };
}

/** The field messages of a refused post: the `""` key is the form's own message. */
class RefusedPost extends Error {
  constructor(readonly errors: FieldErrors) {
    super(errors[""]?.[0] ?? "");
  }
}

/**
 * Posts a popup form to the lead action (the one server path, which writes the lead before it answers `ok`). A
 * refusal rejects with the field messages, so the machine goes back to the form with them.
 */
async function postPopupLead(values: Readonly<Record<string, unknown>>): Promise<void> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (typeof value === "string") body.append(name, value);
  const response = await fetch("/api/popups/lead", { method: "POST", body });
  const answer = (await response.json().catch(() => ({ ok: false }))) as LeadAnswer;
  if (!response.ok || !answer.ok) throw new RefusedPost(answer.result?.error ?? { "": [response.statusText] });
}

/** The unlock-price popup's form: the four contact fields of every lead form, the TCPA line, one button. */
function UnlockPriceForm({
  popup,
  view,
  errors,
  busy,
  onSubmit,
}: {
  popup: PopupDefinition;
  view: PopupsView;
  errors: FieldErrors | undefined;
  busy: boolean;
  onSubmit: (values: Record<string, unknown>) => void;
}) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const t = translator(view.texts);
  const formError = errors?.[""]?.[0];
  return (
    <form
      method="post"
      action="/api/popups/lead"
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(Object.fromEntries(new FormData(event.currentTarget)));
      }}
    >
      {formError ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {formError}
        </p>
      ) : null}
      <FormMetaFields idempotencyKey={idempotencyKey} />
      <input type="hidden" name="popupId" value={popup.id} />
      {view.page.params?.vin ? <input type="hidden" name="vin" value={view.page.params.vin} /> : null}
      <ContactFields texts={view.texts.forms as TextTree} errors={errors} />
      <p className="text-sm text-slate-700">{view.tcpa}</p>
      <button type="submit" disabled={busy} className={`${PRIMARY} w-full`}>
        {t("labels.unlockPrice")}
      </button>
    </form>
  );
}

/** The unlock-price popup's submitted view. */
function UnlockPriceThanks({ view }: { view: PopupsView }) {
  const t = translator(view.texts);
  return (
    <div role="status">
      <p className="text-lg font-semibold text-slate-900">{t("toasts.unlockPrice.success.summary")}</p>
      <p className="mt-2 text-slate-700">{t("toasts.unlockPrice.success.detail")}</p>
    </div>
  );
}

/** The runtime's side button, drawn into the column the page keeps for side buttons (ADR 335). */
function useRuntimeSlot(): Element | null {
  const [slot, setSlot] = useState<Element | null>(null);
  useEffect(() => setSlot(document.getElementById(RUNTIME_SIDE_BUTTONS_ID)), []);
  return slot;
}

/**
 * One popup: its machine (inactive → active → submitted → finished), the side button of a button-triggered popup
 * (pulsing after 10 s for 4 s; no animation when the visitor asks for reduced motion), and the dialog: placed by its position, maximize and
 * restore, drag by the title bar, Escape and outside click when closable, focus trapped inside and returned after.
 * `opens` is given for a side button the server drew (ADR 336): the dialog opens at once and again at each press,
 * and the button is the server's. A side button's close or finish is told to the server (ADR 335).
 */
export function PopupDialog({
  popup,
  view,
  onSettled,
  opens,
}: {
  popup: PopupDefinition;
  view: PopupsView;
  onSettled: (outcome: PopupOutcome) => void;
  opens?: number;
}) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors | undefined>(undefined);
  const actor = useActorRef(
    popupMachine.provide({
      actors: {
        // A lead form posts its lead; the trade-in form writes nothing here: its redirect starts the journey that
        // makes the lead.
        submitPopup: fromPromise<void, PopupSubmission>(async ({ input }) => {
          if (popup.component.innerComponent !== "UnlockPriceForm") return;
          try {
            await postPopupLead(input.values);
          } catch (error) {
            setErrors(error instanceof RefusedPost ? error.errors : { "": [String(error)] });
            throw error;
          }
        }),
      },
    }),
    { input: { popup, pulse: view.pulse } },
  );
  const button = useSelector(actor, (s) => s.hasTag("button"));
  const pulsing = useSelector(actor, (s) => s.hasTag("pulsing"));
  const open = useSelector(actor, (s) => s.hasTag("dialog"));
  const done = useSelector(actor, (s) => s.status === "done");
  const busy = useSelector(actor, (s) => s.hasTag("busy"));
  const submitted = useSelector(actor, (s) => s.matches("submitted"));
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;
  const [maximized, setMaximized] = useState(false);
  const drag = useDrag();
  const position = usePosition(popup);
  const t = translator(view.texts);

  const slot = useRuntimeSlot();

  useEffect(() => {
    actor.send({ type: "CONDITIONS_MET" });
  }, [actor]);
  useEffect(() => {
    if (opens !== undefined && opens > 0) actor.send({ type: "OPEN" });
  }, [actor, opens]);
  useEffect(() => {
    if (!done) return;
    const output = actor.getSnapshot().output;
    if (!output) return;
    if (popup.button) postClose(popup.id, output.outcome === "finished" ? "finished" : "closed");
    settledRef.current(output);
    if (output.redirect?.startsWith("/")) void navigate(output.redirect);
    else if (output.redirect) window.location.assign(output.redirect);
  }, [done, actor, navigate, popup]);

  const closable = isClosable(popup);
  const modal = popup.background?.modal !== false;
  const title = popup.component.data?.title;
  const html = popup.component.type === "html" ? popup.component.data?.html : undefined;

  return (
    <>
      {/* Kept while its dialog is open, so focus has the button to return to. */}
      {popup.button && opens === undefined && slot && (button || open)
        ? createPortal(
            <SideButtonFace
              popup={popup}
              texts={view.texts}
              pulsing={pulsing}
              onOpen={(event) => {
                if (!plainClick(event)) return;
                event.preventDefault();
                actor.send({ type: "OPEN" });
              }}
              onClose={(event) => {
                event.preventDefault();
                focusAfter(slot.closest("#side-buttons"));
                actor.send({ type: "DISABLE" });
              }}
            />,
            slot,
          )
        : null}
      <ModalOverlay
        isOpen={open}
        isDismissable={closable}
        isKeyboardDismissDisabled={!closable}
        onOpenChange={(isOpen) => {
          if (!isOpen) actor.send({ type: "CLOSE" });
        }}
        className={`fixed inset-0 z-40 flex p-4 ${maximized ? "items-stretch justify-stretch" : PLACEMENT[position]} ${modal ? "bg-slate-900/60" : ""}`}
      >
        <Modal
          className={`rounded-xl bg-white shadow-xl ${maximized ? "h-full w-full" : "w-full max-w-md"}`}
          style={maximized ? undefined : { transform: `translate(${drag.offset.x}px, ${drag.offset.y}px)` }}
        >
          <Dialog
            className="relative outline-none"
            aria-label={title === undefined ? popup.button?.text : undefined}
            data-popup={popup.id}
          >
            {({ close }) => (
              <>
                <div
                  className={`flex items-center gap-2 border-b border-slate-200 py-1 pr-1 pl-6 ${maximized ? "" : "cursor-move touch-none"}`}
                  {...(maximized ? {} : drag.handlers)}
                >
                  {title === undefined ? (
                    <span className="flex-1" />
                  ) : (
                    <Heading slot="title" className="flex-1 text-lg font-semibold text-slate-900">
                      {title}
                    </Heading>
                  )}
                  <Button
                    className={ICON_BUTTON}
                    aria-label={t(maximized ? "a11y.restoreDialog" : "a11y.maximizeDialog")}
                    onPress={() => {
                      drag.reset();
                      setMaximized(!maximized);
                    }}
                  >
                    <span aria-hidden="true">{maximized ? "❐" : "□"}</span>
                  </Button>
                  {closable ? (
                    <Button className={ICON_BUTTON} aria-label={t("a11y.closeDialog")} onPress={close}>
                      <span aria-hidden="true">×</span>
                    </Button>
                  ) : null}
                </div>
                <div className="p-6">
                  {html === undefined ? null : (
                    // Popup HTML is the site's own configuration (fixtures or the experiments service); the CSP
                    // nonce keeps any script or inline handler in it from running.
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: configured markup, see above
                    <div className="popup-html space-y-3 text-slate-700" dangerouslySetInnerHTML={{ __html: html }} />
                  )}
                  {submitted && popup.submitted?.innerComponent === "UnlockPriceThanks" ? (
                    <UnlockPriceThanks view={view} />
                  ) : null}
                  {!submitted && popup.component.innerComponent === "UnlockPriceForm" ? (
                    <UnlockPriceForm
                      popup={popup}
                      view={view}
                      errors={errors}
                      busy={busy}
                      onSubmit={(values) => {
                        setErrors(undefined);
                        actor.send({ type: "SUBMIT", values });
                      }}
                    />
                  ) : null}
                  {popup.component.innerComponent === "TradeInValueForm" ? (
                    <TradeInValueForm view={view} onSubmit={() => actor.send({ type: "SUBMIT", values: {} })} />
                  ) : null}
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}

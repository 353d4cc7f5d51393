import type { PopupDefinition } from "@showroom/rules/popups";
import { type FormEvent, type MouseEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { translator } from "../i18n";
import { type PopupsView, promotedPage } from "./popup-view";

/** Where a side button's close goes: a form without JavaScript, a fetch with it (ADR 335). */
const CLOSE_ACTION = "/api/popups/close";

/** The element the popup runtime draws the side buttons it decides on into (ADR 335). */
export const RUNTIME_SIDE_BUTTONS_ID = "side-buttons-runtime";

// Side buttons closed in this tab. The root's loader data is not asked for again on every page change, so what the
// visitor closed stays closed here until the server, which has the cookie by then, draws a page without it.
const closedHere = new Set<string>();

/** Tells the server a side button is closed or its popup finished; its cookies keep it off the next pages. */
export function postClose(popupId: string, outcome: "closed" | "finished"): void {
  closedHere.add(popupId);
  const body = new URLSearchParams({ popupId, outcome, via: "fetch" });
  void fetch(CLOSE_ACTION, { method: "POST", body }).catch(() => {
    // Offline: it stays closed in this tab; a page the server draws later may show it again.
  });
}

/** After the focused close button goes, the keyboard goes on from the next control on the page (or the main). */
export function focusAfter(element: Element | null): void {
  const controls = document.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input, select, textarea");
  const next = [...controls].find(
    (control) =>
      element !== null &&
      !element.contains(control) &&
      element.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
  (next ?? document.getElementById("main"))?.focus();
}

/** Pulses after `afterMs` for `forMs` (spec section 4); the CSS animates only without reduced motion. */
function usePulse(pulse: PopupsView["pulse"]): boolean {
  const [pulsing, setPulsing] = useState(false);
  useEffect(() => {
    const start = setTimeout(() => setPulsing(true), pulse.afterMs);
    const stop = setTimeout(() => setPulsing(false), pulse.afterMs + pulse.forMs);
    return () => {
      clearTimeout(start);
      clearTimeout(stop);
    };
  }, [pulse.afterMs, pulse.forMs]);
  return pulsing;
}

const FACE =
  "flex min-h-11 flex-1 flex-col justify-center rounded-l-lg px-4 py-2 text-left text-white hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-inset sm:flex-none sm:items-center sm:rounded-l-lg sm:px-0 sm:py-4";

/**
 * One side button (ADR 335): what it opens, a link to the page it promotes when it has one (so it works without
 * JavaScript), and its close, a form that keeps it closed for the visit. On a phone it is a bar in the page's flow
 * before the footer; from 640 px a tab in the column the page keeps for it. Neither lies over anything.
 */
export function SideButtonFace({
  popup,
  texts,
  pulsing,
  onOpen,
  onClose,
  onWarm,
}: {
  popup: PopupDefinition;
  texts: PopupsView["texts"];
  pulsing: boolean;
  onOpen: (event: MouseEvent<HTMLElement>) => void;
  /** The pointer or the focus has reached the button: a press may come, its code can start loading. */
  onWarm?: () => void;
  onClose: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { pathname, search } = useLocation();
  const t = translator(texts);
  const label = popup.button?.text ?? popup.button?.hoverText ?? popup.id;
  const hint = popup.button?.text === undefined ? undefined : popup.button.hoverText;
  const href = promotedPage(popup);
  const face: ReactNode = (
    <>
      <span className="font-semibold sm:rotate-180 sm:[writing-mode:vertical-rl]">{label}</span>
      {hint ? <span className="text-sm text-brand-100 sm:hidden">{hint}</span> : null}
    </>
  );
  const common = {
    "aria-haspopup": "dialog" as const,
    title: hint,
    "data-side-button": popup.id,
    "data-pulsing": pulsing ? "true" : undefined,
    onPointerEnter: onWarm,
    onFocus: onWarm,
    className: `${FACE} ${pulsing ? "popup-pulse" : ""}`,
  };
  return (
    <div className="flex items-stretch rounded-lg bg-brand-700 shadow-sm sm:flex-col sm:rounded-r-none">
      {href ? (
        <a href={href} onClick={onOpen} {...common}>
          {face}
        </a>
      ) : (
        <button type="button" onClick={onOpen} {...common}>
          {face}
        </button>
      )}
      <form method="post" action={CLOSE_ACTION} onSubmit={onClose} className="flex">
        <input type="hidden" name="popupId" value={popup.id} />
        <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
        <button
          type="submit"
          aria-label={t("a11y.hideSideButton", { label })}
          className="inline-flex size-11 items-center justify-center rounded-r-lg text-xl leading-none text-white hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-inset sm:size-12 sm:rounded-none sm:rounded-bl-lg"
        >
          <span aria-hidden="true">×</span>
        </button>
      </form>
    </div>
  );
}

type DialogModule = typeof import("./popup-dialog");
let dialogModule: Promise<DialogModule> | null = null;

/** The dialog's code, fetched once: on the first press, or as the pointer or focus reaches a button. */
function loadDialog(): Promise<DialogModule> {
  dialogModule ??= import("./popup-dialog").catch((error: unknown) => {
    dialogModule = null;
    throw error;
  });
  return dialogModule;
}

/** A plain left click, which the page may take over; any other (a new tab, a download) is the browser's. */
export function plainClick(event: MouseEvent<HTMLElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The page's side buttons and the space they keep (ADR 335, 336). The buttons the server drew are plain markup; the
 * dialog, the popup machine and react-aria load when one is pressed. The runtime draws the buttons it decides on
 * into {@link RUNTIME_SIDE_BUTTONS_ID}. Without a button to show, a phone shows nothing here; from 640 px the column
 * stays, so a button the runtime adds later moves nothing.
 */
export function SideButtons({ view }: { view: PopupsView }) {
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set(closedHere));
  const [dialog, setDialog] = useState<{ module: DialogModule; popup: PopupDefinition; opens: number } | null>(null);
  const pulsing = usePulse(view.pulse);
  const list = useRef<HTMLDivElement>(null);
  const drawn = view.popups.filter((popup) => view.sideButtons.includes(popup.id) && !closed.has(popup.id));

  const open = (popup: PopupDefinition) => (event: MouseEvent<HTMLElement>) => {
    if (!plainClick(event)) return;
    event.preventDefault();
    const href = event.currentTarget.getAttribute("href");
    loadDialog().then(
      (module) =>
        setDialog((before) => ({
          module,
          popup,
          opens: before?.popup.id === popup.id ? before.opens + 1 : 1,
        })),
      (error: unknown) => {
        // The dialog's code did not come: the link still leads where the dialog would.
        if (href) window.location.assign(href);
        else throw error;
      },
    );
  };
  // The dialog has told the server already (postClose): the button only leaves this page.
  const settled = () => setClosed(new Set(closedHere));

  return (
    <div
      id="side-buttons"
      className="border-t border-slate-200 bg-slate-50 px-4 py-3 has-[a,button]:block not-has-[a,button]:hidden sm:not-has-[a,button]:block sm:w-12 sm:shrink-0 sm:border-0 sm:bg-transparent sm:p-0 print:hidden"
    >
      <div
        ref={list}
        className="mx-auto flex max-w-7xl flex-col gap-3 sm:sticky sm:top-[calc(50vh-6rem)] sm:mx-0 sm:items-end"
      >
        {drawn.map((popup) => (
          <SideButtonFace
            key={popup.id}
            popup={popup}
            texts={view.texts}
            pulsing={pulsing}
            onOpen={open(popup)}
            onWarm={() => void loadDialog().catch(() => {})}
            onClose={(event) => {
              event.preventDefault();
              focusAfter(list.current?.parentElement ?? null);
              postClose(popup.id, "closed");
              settled();
            }}
          />
        ))}
        <div id={RUNTIME_SIDE_BUTTONS_ID} className="contents" />
      </div>
      {dialog ? (
        <dialog.module.PopupDialog
          key={dialog.popup.id}
          popup={dialog.popup}
          view={view}
          opens={dialog.opens}
          onSettled={settled}
        />
      ) : null}
    </div>
  );
}

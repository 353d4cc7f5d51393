import { useEffect, useState } from "react";
import { PrefetchPageLinks, useNavigate } from "react-router";

type ClickLike = Pick<MouseEvent, "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "defaultPrevented">;

/**
 * Whether a click on `anchor` is one the router may take over, by the rules React Router's `<Link>` follows: the main
 * button, no modifier key (those open a new tab or window), no other target, no download, and the same origin.
 */
export function isPlainLinkClick(
  event: ClickLike,
  anchor: Pick<HTMLAnchorElement, "target" | "origin" | "hasAttribute">,
  origin: string,
): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!anchor.target || anchor.target === "_self") &&
    !anchor.hasAttribute("download") &&
    anchor.origin === origin
  );
}

/** The `PageLink` an event happened in, if any. */
function pageLinkOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>("a[data-page-link]") : null;
}

/** How long a pointer or focus rests on a link before its page is prefetched: `<Link prefetch="intent">`'s delay. */
const INTENT_DELAY_MS = 100;

/**
 * The behaviour of every `PageLink` on the page, from one place (docs/decisions/157): listeners on the document
 * make a plain click a client-side navigation, and pointing at, focusing or touching a `prefetch="intent"` link
 * renders React Router's prefetch links for its page. Mounted once, in the root.
 */
export function LinkNavigation() {
  const navigate = useNavigate();
  const [intent, setIntent] = useState<string | null>(null);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = pageLinkOf(event.target);
      if (!anchor || !isPlainLinkClick(event, anchor, window.location.origin)) return;
      event.preventDefault();
      void navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`, {
        preventScrollReset: anchor.hasAttribute("data-prevent-scroll-reset"),
      });
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onIntent = (event: Event) => {
      const anchor = pageLinkOf(event.target);
      if (anchor?.dataset.prefetch !== "intent") return;
      clearTimeout(timer);
      const page = `${anchor.pathname}${anchor.search}`;
      if (event.type === "touchstart") setIntent(page);
      else timer = setTimeout(() => setIntent(page), INTENT_DELAY_MS);
    };
    const onLeave = (event: Event) => {
      if (pageLinkOf(event.target)) clearTimeout(timer);
    };
    const listeners: [string, (event: never) => void, AddEventListenerOptions?][] = [
      ["click", onClick],
      ["pointerover", onIntent],
      ["focusin", onIntent],
      ["touchstart", onIntent, { passive: true }],
      ["pointerout", onLeave],
      ["focusout", onLeave],
    ];
    for (const [type, listener, options] of listeners)
      document.addEventListener(type, listener as EventListener, options);
    return () => {
      clearTimeout(timer);
      for (const [type, listener, options] of listeners) {
        document.removeEventListener(type, listener as EventListener, options);
      }
    };
  }, [navigate]);
  return intent ? <PrefetchPageLinks page={intent} /> : null;
}

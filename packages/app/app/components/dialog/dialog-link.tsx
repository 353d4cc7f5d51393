import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
  useState,
} from "react";
import { Link, useNavigate } from "react-router";
import { isPlainLinkClick } from "../navigation/link-navigation";

/** What a lazily loaded vehicle dialog is given. */
export interface VehicleDialogProps {
  vin: string;
  onClose: () => void;
}

export interface LazyDialog {
  load: () => Promise<unknown>;
  Component: LazyExoticComponent<ComponentType<VehicleDialogProps>>;
}

/**
 * A dialog whose code (react-aria-components, xstate, its machine) is fetched only when asked for, never in a page's
 * first-load JavaScript. Call at module scope: one lazy component per dialog.
 */
export function lazyDialog(load: () => Promise<{ default: ComponentType<VehicleDialogProps> }>): LazyDialog {
  return { load, Component: lazy(load) };
}

/**
 * A link to a server-rendered journey (`to`) that, with JavaScript, opens the same journey in a dialog instead.
 * The dialog's code starts loading on the first hover, focus or touch; a plain click opens it. A click with a modifier
 * key still opens the page, and so does a dialog whose code cannot be fetched. Focus goes back to the link when the
 * dialog closes.
 */
export function DialogLink({
  to,
  vin,
  dialog,
  className,
  children,
}: {
  to: string;
  vin: string;
  dialog: LazyDialog;
  className?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const wasOpen = useRef(false);
  // Effects of the removed dialog (react-aria's inert and focus scope) are cleaned up before this one runs; the next
  // frame catches a focus they moved after all.
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const link = linkRef.current;
    link?.focus();
    const frame = requestAnimationFrame(() => {
      if (link && document.activeElement !== link && !document.querySelector("[role=dialog]")) link.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [open]);

  const preload = () => {
    void dialog.load().catch(() => {
      // A failed preload is retried by the click, which falls back to the page.
    });
  };
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainLinkClick(event, event.currentTarget, window.location.origin)) return;
    event.preventDefault();
    dialog.load().then(
      () => setOpen(true),
      () => navigate(to),
    );
  };
  const { Component } = dialog;
  return (
    <>
      <Link
        ref={linkRef}
        to={to}
        rel="nofollow"
        className={className}
        onClick={onClick}
        onPointerEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
        aria-haspopup="dialog"
      >
        {children}
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <Component vin={vin} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

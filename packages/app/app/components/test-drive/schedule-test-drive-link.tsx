import { lazy, type MouseEvent, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useUi } from "../i18n";

const loadDialog = () => import("./test-drive-dialog");
const TestDriveDialog = lazy(loadDialog);

/** Starts fetching the dialog's code (react-aria-components, xstate, the machine) before the click lands. */
function preload() {
  void loadDialog().catch(() => {
    // A failed preload is retried by the click, which falls back to the page.
  });
}

/**
 * "Schedule Test Drive" for one vehicle. Without JavaScript it is a plain link to the server-rendered steps at
 * `/schedule-test-drive/VIN`; with it, a plain click opens the dialog, whose code loads on first hover, focus or
 * touch (never in the page's first-load JavaScript). A click with a modifier key still opens the page, and so does a
 * dialog whose code cannot be fetched.
 */
export function ScheduleTestDriveLink({
  vin,
  className = "",
  children,
}: {
  vin: string;
  className?: string;
  children?: ReactNode;
}) {
  const ui = useUi();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const to = `/schedule-test-drive/${encodeURIComponent(vin)}`;
  const wasOpen = useRef(false);
  // Back to where the shopper was once the dialog is gone. Effects of the removed dialog (react-aria's inert and
  // focus scope) are cleaned up before this one runs; the next frame catches a focus they moved after all.
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
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    loadDialog().then(
      () => setOpen(true),
      () => navigate(to),
    );
  };
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
      >
        {children ?? ui("common.labels.scheduleTestDrive")}
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <TestDriveDialog vin={vin} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

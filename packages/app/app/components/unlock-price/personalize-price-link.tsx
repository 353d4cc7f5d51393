import { lazy, type MouseEvent, type ReactNode, Suspense, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useUi } from "../i18n";

const loadDialog = () => import("./personalize-price-dialog");
const PersonalizePriceDialog = lazy(loadDialog);

/** Starts fetching the dialog's code (react-aria-components, xstate, the machine) before the click lands. */
function preload() {
  void loadDialog().catch(() => {
    // A failed preload is retried by the click, which falls back to the page.
  });
}

/**
 * The way into the Personalize My Price stepper for one vehicle. Without JavaScript it is a plain link to the
 * server-rendered stepper at `/personalize-price/:vin`; with it, a plain click opens the stepper in a dialog whose
 * code loads on first hover, focus or touch (never in the page's first-load JavaScript). A click with a modifier key
 * still opens the page, and so does a dialog whose code cannot be fetched.
 */
export function PersonalizePriceLink({
  vin,
  className,
  children,
}: {
  vin: string;
  className?: string;
  children?: ReactNode;
}) {
  const ui = useUi();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const to = `/personalize-price/${encodeURIComponent(vin)}`;
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
        to={to}
        rel="nofollow"
        className={className}
        onClick={onClick}
        onPointerEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
        aria-haspopup="dialog"
      >
        {children ?? ui("common.labels.personalizeMyPrice")}
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <PersonalizePriceDialog vin={vin} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

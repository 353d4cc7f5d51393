import type { ReactNode } from "react";
import { DialogLink, lazyDialog } from "../dialog/dialog-link";
import { useUi } from "../i18n";

const dialog = lazyDialog(() => import("./personalize-price-dialog"));

/**
 * The way into the Personalize My Price stepper for one vehicle: the server-rendered stepper at
 * `/personalize-price/:vin`, or with JavaScript the same stepper in a dialog.
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
  return (
    <DialogLink to={`/personalize-price/${encodeURIComponent(vin)}`} vin={vin} dialog={dialog} className={className}>
      {children ?? ui("common.labels.personalizeMyPrice")}
    </DialogLink>
  );
}

import type { ReactNode } from "react";
import { DialogLink, lazyDialog } from "../dialog/dialog-link";
import { useUi } from "../i18n";

const dialog = lazyDialog(() => import("./test-drive-dialog"));

/**
 * "Schedule Test Drive" for one vehicle: the server-rendered steps at `/schedule-test-drive/VIN`, or with JavaScript
 * the same steps in a dialog.
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
  return (
    <DialogLink to={`/schedule-test-drive/${encodeURIComponent(vin)}`} vin={vin} dialog={dialog} className={className}>
      {children ?? ui("common.labels.scheduleTestDrive")}
    </DialogLink>
  );
}

import {
  bookedSlotLabel,
  SAVE_DETAILS_ERROR,
  scheduledToast,
  TEST_DRIVE_DETAILS_MISSING_TOAST,
  TEST_DRIVE_SCHEDULED_TOAST,
  TEST_DRIVE_TEXTS,
} from "@showroom/rules/test-drive";
import { describe, expect, it } from "vitest";
import { toastFromFlash } from "../../content/flash.server";
import { t } from "../../content/translations.server";

describe("the test-drive words", () => {
  it.each([
    ["test-drive.dialog.title", "Unlock Vehicle Inventory", TEST_DRIVE_TEXTS.dialogTitle],
    ["test-drive.dialog.pickDay", "What day works best?", TEST_DRIVE_TEXTS.pickDay],
    ["test-drive.dialog.pickTime", "What time works best?", TEST_DRIVE_TEXTS.pickTime],
    ["test-drive.dialog.confirmDetails", "Confirm your details to schedule", TEST_DRIVE_TEXTS.confirmDetails],
    ["test-drive.dialog.submit", "Schedule Test Drive Now", TEST_DRIVE_TEXTS.submit],
    ["test-drive.link.scheduleTestDrive", "Schedule Test Drive", "Schedule Test Drive"],
  ])("%s reads the spec's %j, as the machine's texts do", (key, spec, fromRules) => {
    expect(t(key)).toBe(spec);
    expect(fromRules).toBe(spec);
  });

  it("the flash toasts after a post say what the machine's toasts say (spec section 8)", () => {
    expect(toastFromFlash({ key: "testDrive.success" })).toMatchObject({
      severity: "success",
      summary: TEST_DRIVE_SCHEDULED_TOAST.summary,
      detail: TEST_DRIVE_SCHEDULED_TOAST.detail,
    });
    expect(
      toastFromFlash({
        key: "testDrive.booked",
        severity: "success",
        values: { when: bookedSlotLabel("2026-11-27", "2026-11-27T10:30:00-06:00") },
      }),
    ).toMatchObject({
      severity: "success",
      summary: TEST_DRIVE_SCHEDULED_TOAST.summary,
      detail: scheduledToast("2026-11-27", "2026-11-27T10:30:00-06:00").detail,
    });
    expect(scheduledToast("2026-11-27", "2026-11-27T10:30:00-06:00").detail).toContain(
      "on Friday, November 27 at 10:30 AM",
    );
    expect(toastFromFlash({ key: "testDrive.missingDetails" })).toMatchObject({
      severity: "error",
      summary: "Something went wrong",
      detail: TEST_DRIVE_DETAILS_MISSING_TOAST.detail,
    });
    expect(t("toasts.unlockInventory.error.detail")).toBe(SAVE_DETAILS_ERROR);
  });
});

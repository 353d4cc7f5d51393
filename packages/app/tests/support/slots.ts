// The fixture store's open test-drive or visit slots from now, as its forms offer them: its working hours, its time
// zone and its closed dates (a test run on a holiday must not book the holiday).

import { loadDealers } from "@showroom/fixtures/server";
import { type DaySlots, testDriveSlots } from "@showroom/rules/test-drive";

export function openSlotsNow(options: { store?: string; days?: number; slotMinutes?: number } = {}): DaySlots[] {
  const id = options.store ?? "brentwood";
  const store = loadDealers().dealers.find((dealer) => dealer.id === id);
  if (!store) throw new Error(`no ${id} store in the fixtures`);
  return testDriveSlots({
    now: new Date(),
    workingHours: store.sales.workingHours,
    timeZone: store.timezone,
    closedDates: store.closedDates.map((day) => day.date),
    ...(options.days === undefined ? {} : { days: options.days }),
    ...(options.slotMinutes === undefined ? {} : { slotMinutes: options.slotMinutes }),
  });
}

/** The first open slot, as the test-drive form posts it: the day and the wall-clock "HH:MM". */
export function firstOpenSlot(): { date: string; time: string } {
  const day = openSlotsNow()[0];
  const iso = day?.times[0];
  if (!day || !iso) throw new Error("no open test-drive slot");
  return { date: day.date, time: iso.slice(11, 16) };
}

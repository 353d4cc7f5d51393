import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testSite } from "./test-site";
import { formatHour, historyReportUrl, mapsUrl, salesHours } from "./vehicle-detail.server";

describe("the detail page's store facts", () => {
  it("sales hours follow the spec: Monday to Friday 10-19, Saturday 10-17, Sunday closed", () => {
    expect(salesHours(testSite("brentwood").store.dealer)).toEqual([
      { day: "Monday", hours: "10 AM – 7 PM" },
      { day: "Tuesday", hours: "10 AM – 7 PM" },
      { day: "Wednesday", hours: "10 AM – 7 PM" },
      { day: "Thursday", hours: "10 AM – 7 PM" },
      { day: "Friday", hours: "10 AM – 7 PM" },
      { day: "Saturday", hours: "10 AM – 5 PM" },
      { day: "Sunday", hours: "Closed" },
    ]);
  });

  it("a decimal hour reads back as the same minute of the day on a 12-hour clock", () => {
    expect([0, 7.5, 12, 12.25, 19, 23.75].map(formatHour)).toEqual([
      "12 AM",
      "7:30 AM",
      "12 PM",
      "12:15 PM",
      "7 PM",
      "11:45 PM",
    ]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 60 - 1 }), (minute) => {
        const match = /^(\d{1,2})(?::(\d{2}))? (AM|PM)$/.exec(formatHour(minute / 60));
        expect(match).not.toBeNull();
        const [, h, m, half] = match as RegExpExecArray;
        expect((Number(h) % 12) * 60 + Number(m ?? 0) + (half === "PM" ? 720 : 0)).toBe(minute);
      }),
      { numRuns: 300 },
    );
  });

  it("the map link points at the store's coordinates and the history link names the VIN", () => {
    const { dealer } = testSite("st-peters").store;
    expect(mapsUrl(dealer)).toBe(
      `https://www.google.com/maps/search/?api=1&query=${dealer.map.latitude},${dealer.map.longitude}`,
    );
    expect(historyReportUrl("1HGCM82633A004352")).toBe("https://www.nhtsa.gov/recalls?vin=1HGCM82633A004352");
  });
});

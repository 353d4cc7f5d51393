import { describe, expect, it } from "vitest";
import { inlineVehiclePicture, vehiclePictureSvg } from "./vehicle-picture.server";

describe("vehicle pictures", () => {
  it("draws a known body style in a known colour, and nothing for any other name", () => {
    expect(vehiclePictureSvg("suvs-red.svg")).toMatch(/^<svg\b[\s\S]*<\/svg>\s*$/);
    for (const name of ["suvs-mauve.svg", "rockets-red.svg", "suvs-red.png", "../suvs-red.svg", ""]) {
      expect(vehiclePictureSvg(name)).toBeNull();
    }
  });

  it("inlines a vehicle picture hidden from assistive technology, without a fixed size, and nothing else", () => {
    const markup = inlineVehiclePicture("/media/vehicles/hatchbacks-white.svg");
    expect(markup).toMatch(/^<svg\b[^>]*aria-hidden="true"/);
    expect(markup).not.toMatch(/^<svg\b[^>]*\s(?:width|height)=/);
    expect(markup).not.toMatch(/<script|\son[a-z]+=/i);
    expect(inlineVehiclePicture("/media/content/hero/sell-or-trade.svg")).toBeNull();
    expect(inlineVehiclePicture("/media/vehicles/hatchbacks-mauve.svg")).toBeNull();
  });
});

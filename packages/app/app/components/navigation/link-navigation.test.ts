import { describe, expect, it } from "vitest";
import { isPlainLinkClick } from "./link-navigation";

const ORIGIN = "https://showroom.example";
const plain = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false };
function anchor({ target = "", origin = ORIGIN, download = false } = {}) {
  return { target, origin, hasAttribute: (name: string) => name === "download" && download };
}

describe("isPlainLinkClick", () => {
  it("takes over an unmodified main-button click on a same-origin link", () => {
    expect(isPlainLinkClick(plain, anchor(), ORIGIN)).toBe(true);
    expect(isPlainLinkClick(plain, anchor({ target: "_self" }), ORIGIN)).toBe(true);
  });

  it("leaves to the browser what opens a tab or window, downloads, or leaves the site", () => {
    for (const key of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const) {
      expect(isPlainLinkClick({ ...plain, [key]: true }, anchor(), ORIGIN)).toBe(false);
    }
    expect(isPlainLinkClick({ ...plain, button: 1 }, anchor(), ORIGIN)).toBe(false);
    expect(isPlainLinkClick({ ...plain, defaultPrevented: true }, anchor(), ORIGIN)).toBe(false);
    expect(isPlainLinkClick(plain, anchor({ target: "_blank" }), ORIGIN)).toBe(false);
    expect(isPlainLinkClick(plain, anchor({ download: true }), ORIGIN)).toBe(false);
    expect(isPlainLinkClick(plain, anchor({ origin: "https://elsewhere.example" }), ORIGIN)).toBe(false);
  });
});

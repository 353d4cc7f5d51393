import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ICON_NAMES, Icon } from "./icon";

const sprite = readFileSync(new URL("./icons.svg", import.meta.url), "utf8");

describe("icons", () => {
  it("the sprite holds exactly one symbol per icon name, each a stroked 24 × 24 path", () => {
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.sort()).toEqual([...ICON_NAMES].sort());
    for (const symbol of sprite.match(/<symbol[^>]*>/g) ?? []) {
      expect(symbol).toContain('viewBox="0 0 24 24"');
      expect(symbol).toContain('stroke="currentColor"');
    }
  });

  it("a known name uses its symbol; an unknown one logs and shows the question-mark circle", () => {
    expect(renderToStaticMarkup(createElement(Icon, { name: "phone" }))).toMatch(/<use href="[^"]*#phone"/);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    expect(renderToStaticMarkup(createElement(Icon, { name: "no-such-icon" }))).toMatch(
      /<use href="[^"]*#question-mark-circle"/,
    );
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });

  it("path data given by a loader is drawn inline", () => {
    expect(renderToStaticMarkup(createElement(Icon, { d: "M1 1h2" }))).toContain('d="M1 1h2"');
  });
});

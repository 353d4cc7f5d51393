import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mediaFilePath } from "./fixtures-root.server";
import { inlineSvg, svgForInlining } from "./inline-svg.server";

const HERO = "/media/content/hero/financing-for-everyone.svg";

describe("inline hero picture", () => {
  it("inlines a local SVG without its fixed size or role, hidden from assistive technology", async () => {
    const markup = await inlineSvg(HERO);
    expect(markup).not.toBeNull();
    const open = /^<svg\b[^>]*>/.exec(markup ?? "")?.[0] ?? "";
    expect(open).toContain('viewBox="0 0 1200 800"');
    expect(open).toContain('aria-hidden="true"');
    expect(open).not.toMatch(/\s(?:width|height|role)=/);
    // Everything after the opening tag is the file's own drawing.
    const file = readFileSync(mediaFilePath(HERO) ?? "", "utf8").trim();
    expect(markup?.slice(open.length)).toBe(file.slice(file.indexOf(">") + 1));
  });

  it("inlines nothing that is not a local SVG", async () => {
    expect(await inlineSvg(undefined)).toBeNull();
    expect(await inlineSvg("https://example.com/hero.svg")).toBeNull();
    expect(await inlineSvg("/media/content/hero/missing.svg")).toBeNull();
    expect(await inlineSvg("/media/content/../../package.json.svg")).toBeNull();
    expect(await inlineSvg("/media/pictures/body-styles/suvs.png")).toBeNull();
  });

  it("refuses markup that could run code or reach outside the document", () => {
    for (const unsafe of [
      '<svg viewBox="0 0 1 1"><script>alert(1)</script></svg>',
      '<svg viewBox="0 0 1 1" onload="alert(1)"></svg>',
      '<svg viewBox="0 0 1 1"><rect onclick="x()"/></svg>',
      '<svg viewBox="0 0 1 1"><foreignObject><div/></foreignObject></svg>',
      '<svg viewBox="0 0 1 1"><a href="javascript:x()"><rect/></a></svg>',
      '<svg viewBox="0 0 1 1"><image href="https://example.com/x.png"/></svg>',
      '<svg viewBox="0 0 1 1"><use href="other.svg#x"/></svg>',
      '<svg viewBox="0 0 1 1"><rect fill="url(https://example.com/x)"/></svg>',
      '<svg viewBox="0 0 1 1"><style>@import "https://example.com/x.css";</style></svg>',
      "<div>not an svg</div>",
    ]) {
      expect(svgForInlining(unsafe), unsafe).toBeNull();
    }
  });

  it("keeps references to the picture's own gradients and drops an XML prolog", () => {
    const markup = svgForInlining(
      '<?xml version="1.0"?>\n<svg width="10" height="10" viewBox="0 0 10 10"><defs><linearGradient id="g"/></defs><rect fill="url(#g)"/></svg>\n',
    );
    expect(markup).toBe(
      '<svg viewBox="0 0 10 10" aria-hidden="true"><defs><linearGradient id="g"/></defs><rect fill="url(#g)"/></svg>',
    );
  });
});

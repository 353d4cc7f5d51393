import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultOfferRules, defaultOfferRulesVersion } from "@showroom/rules/offer";
import { afterEach, describe, expect, it } from "vitest";
import { OfferRulesError, openOfferRules } from "./offer-rules-source.server";

const RULES = fileURLToPath(new URL("../../../../rules/rules/", import.meta.url));
const settings = (days: number) =>
  JSON.stringify({ ...JSON.parse(readFileSync(join(RULES, "offer-settings.json"), "utf8")), validForDays: days });

const dirs: string[] = [];
function analystDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "showroom-rules-source-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the site's offer rules", () => {
  it("without a folder: the package's rules and version, and a reload changes nothing", async () => {
    const source = await openOfferRules(undefined, () => {});
    expect(source.current()).toEqual({ rules: defaultOfferRules, version: defaultOfferRulesVersion, dir: null });
    await expect(source.reload()).resolves.toEqual({ ok: true, version: defaultOfferRulesVersion });
  });

  it("an invalid folder refuses to open, listing each problem as file:line:column: field: message", async () => {
    const dir = analystDir({ "offer-settings.json": '{"validForDays": 0}' });
    await expect(openOfferRules(dir, () => {})).rejects.toThrow(OfferRulesError);
    await expect(openOfferRules(dir, () => {})).rejects.toThrow(
      /offer-settings\.json:1:\d+: validForDays: The number 0 is out of range/,
    );
  });

  it("a bad reload keeps the last good rules and logs why; a good one replaces them", async () => {
    const lines: string[] = [];
    const dir = analystDir({ "offer-settings.json": settings(5) });
    const source = await openOfferRules(dir, (line) => lines.push(line));
    const first = source.current();
    expect(first.rules.settings.validForDays).toBe(5);
    writeFileSync(join(dir, "offer-settings.json"), settings(0));
    const refused = await source.reload();
    expect(refused.ok).toBe(false);
    expect(source.current()).toBe(first);
    expect(lines.at(-1)).toContain(`not reloaded: keeping ${first.version}`);
    expect(lines.at(-1)).toMatch(/offer-settings\.json:\d+:\d+: validForDays: The number 0 is out of range/);
    writeFileSync(join(dir, "offer-settings.json"), settings(3));
    const [a, b] = await Promise.all([source.reload(), source.reload()]);
    expect(a).toEqual(b);
    expect(source.current().rules.settings.validForDays).toBe(3);
    expect(lines.at(-1)).toBe(`Offer rules reloaded from ${dir}: ${source.current().version} (was ${first.version})`);
  });

  it("a relative folder is read from the folder npm start was run in (INIT_CWD), not from the process's folder", async () => {
    const dir = analystDir({ "offer-settings.json": settings(6) });
    const lines: string[] = [];
    const source = await openOfferRules(basename(dir), (line) => lines.push(line), { INIT_CWD: dirname(dir) });
    expect(source.current()).toMatchObject({ dir, rules: { settings: { validForDays: 6 } } });
    expect(lines).toEqual([`Offer rules ${source.current().version} from ${dir}`]);
    writeFileSync(join(dir, "offer-settings.json"), settings(4));
    await expect(source.reload()).resolves.toMatchObject({ ok: true });
    expect(source.current().rules.settings.validForDays).toBe(4);
  });

  it("without INIT_CWD a relative folder is read from the process's folder", async () => {
    const dir = analystDir({ "offer-settings.json": settings(7) });
    const relativeToCwd = join(
      ...process
        .cwd()
        .split("/")
        .filter(Boolean)
        .map(() => ".."),
      dir,
    );
    const source = await openOfferRules(relativeToCwd, () => {}, {});
    expect(source.current()).toMatchObject({ dir, rules: { settings: { validForDays: 7 } } });
  });
});

import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkRules } from "../src/bin/check";
import { main } from "../src/bin/cli";
import { BUILT_IN_RULES_DIR } from "../src/bin/rule-dir";
import { allRuleFiles } from "../src/rule-files";

const dirs: string[] = [];
async function analystDir(files: Record<string, unknown>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "showroom-rules-check-"));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    await writeFile(join(dir, name), typeof content === "string" ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

// biome-ignore lint/suspicious/noExplicitAny: the tests edit rule files freely, as an analyst would
type EditableJson = any;

async function builtIn(name: string): Promise<EditableJson> {
  return JSON.parse(await readFile(join(BUILT_IN_RULES_DIR, name), "utf8"));
}

async function run(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await main(argv, (line) => lines.push(...line.split("\n")));
  return { code, lines };
}

afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe("showroom-rules check", () => {
  it("every default rule file passes check, and every registered file ships in rules/", async () => {
    const report = await checkRules();
    expect(report.problems).toEqual([]);
    expect(report.defaulted).toEqual([]);
    expect([...report.checked].sort()).toEqual(allRuleFiles.map((f) => f.name).sort());
    const { code, lines } = await run("check");
    expect(code).toBe(0);
    expect(lines.at(-1)).toBe(`All ${allRuleFiles.length} rule files are valid.`);
  });

  it("prints every problem as file: path: message, reports unknown files, and exits 1", async () => {
    const settings = await builtIn("offer-settings.json");
    settings.cashNow.minimumPrice = "2000";
    const outcomes = await builtIn("offer-outcomes.json");
    outcomes.rules[3].conditions.all[0].value = "maybe";
    const dir = await analystDir({
      "offer-settings.json": settings,
      "offer-outcomes.json": outcomes,
      "offer-setings.json": {},
      "broken.json": "{",
      "notes.txt": "not a rule file",
    });
    const { code, lines } = await run("check", dir);
    expect(code).toBe(1);
    const problems = lines.filter((l) => /^\S+\.json: \$/.test(l));
    expect(problems).toEqual([
      expect.stringMatching(/^broken\.json: \$: Not valid JSON: /),
      expect.stringMatching(/^offer-setings\.json: \$: Not a rule file this package knows\. Known files: /),
      "offer-settings.json: $.cashNow.minimumPrice: Invalid input: expected number, received string",
      'offer-outcomes.json: $.rules[3].conditions.all[0].value: "maybe" is not an answer to question 402 (answers: no, yes).',
    ]);
    expect(lines).toContain("  default questionnaire.json (not in this directory: the package default applies)");
    expect(lines.at(-1)).toBe("4 problems in 4 files.");
  });

  it("checks an analyst's questionnaire against the package's outcome rules", async () => {
    const questionnaire = await builtIn("questionnaire.json");
    questionnaire.questions.find((q: { questionId: string }) => q.questionId === "402").questionId = "410";
    questionnaire.categories[3].questionsIds[2] = "410";
    const report = await checkRules(await analystDir({ "questionnaire.json": questionnaire }));
    expect(report.problems).toEqual([
      {
        file: "offer-outcomes.json",
        path: "$.rules[3].conditions.all[0].params.questionId",
        message: "No question 402 in the questionnaire.",
      },
    ]);
  });

  it("refuses a directory that does not exist, with usage", async () => {
    const { code, lines } = await run("check", "/nonexistent/rules");
    expect(code).toBe(2);
    expect(lines[0]).toBe("Not a directory: /nonexistent/rules");
  });
});

import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkRules } from "../src/bin/check";
import { main } from "../src/bin/cli";
import { BUILT_IN_RULES_DIR } from "../src/bin/rule-dir";
import { allRuleFiles } from "../src/rule-files";
import { formatRuleProblem } from "../src/shared/rule-file";

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

/** `line:column` of the first occurrence of `needle` (plus `shift` characters) in a file's text, 1-based. */
function at(text: string, needle: string, shift = 0, from = 0): string {
  const offset = text.indexOf(needle, from) + shift;
  const before = text.slice(0, offset).split("\n");
  return `${before.length}:${(before.at(-1) ?? "").length + 1}`;
}

const question = (json: EditableJson, id: string) =>
  json.questions.find((q: { questionId: string }) => q.questionId === id);
const answer = (q: EditableJson, value: string) => q.answers.find((a: { value: string }) => a.value === value);

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

  it("says in plain words what to write, at the file's line and column and the rule or question at fault", async () => {
    const questionnaire = await builtIn("questionnaire.json");
    const smoked = answer(question(questionnaire, "202"), "yes");
    smoked.deduction[1].percent = "15%";
    delete smoked.deduction[0].amount;
    const settings = await builtIn("offer-settings.json");
    settings.cashNow.minimumPrice = "2000";
    settings.cashNow.priceRules[2].amout = 5;
    const dir = await analystDir({ "questionnaire.json": questionnaire, "offer-settings.json": settings });
    const text = await readFile(join(dir, "questionnaire.json"), "utf8");
    const settingsText = await readFile(join(dir, "offer-settings.json"), "utf8");
    const { code, lines } = await run("check", dir);
    expect(code).toBe(1);
    const smokedAt = text.indexOf('"name": "smoked"');
    expect(lines).toContain(
      `questionnaire.json:${at(text, '"15%"')}: question 202 ("Has anyone smoked in the vehicle?"), answer "Yes", deduction line 2 ("smoked") › percent: "percent" is the text "15%". Write a percent as a number, like 15 (for 15 %), or false when the amount applies.`,
    );
    expect(lines).toContain(
      `questionnaire.json:${at(text, "{", 0, text.lastIndexOf("{", smokedAt))}: question 202 ("Has anyone smoked in the vehicle?"), answer "Yes", deduction line 1 ("smoked") › amount: "amount" is missing. Write a dollar amount as a number, like 500, or false when the percent applies.`,
    );
    expect(lines).toContain(
      `offer-settings.json:${at(settingsText, '"2000"')}: Cash Now › minimumPrice: "minimumPrice" is the text "2000". Write the number without quotes: 2000.`,
    );
    expect(lines.find((l) => l.includes('"amout"'))).toMatch(
      new RegExp(
        `^offer-settings\\.json:${at(settingsText, '"amout"')}: Cash Now, price rule "reconditioning-baseline": "amout" is not a field here\\. Did you mean "amount"\\? The fields here are: name, logicOperation, vehiclePriceKey, percent, amount, minimum, rules\\.$`,
      ),
    );
    expect(lines.at(-1)).toBe("4 problems in 2 files.");
  });

  it("reports broken JSON at its line and column, and files the package does not know", async () => {
    const dir = await analystDir({
      "offer-setings.json": {},
      "broken.json": '{\n  "a": 1,\n}\n',
      "notes.txt": "not a rule file",
    });
    const { code, lines } = await run("check", dir);
    expect(code).toBe(1);
    expect(lines).toContain(
      "broken.json:2:9: Remove the comma before this }: JSON allows no comma after the last entry.",
    );
    expect(lines.find((l) => l.startsWith("offer-setings.json"))).toMatch(
      /^offer-setings\.json:1:1: This is not a rule file the package knows, so it would be ignored\. Did you mean "offer-settings\.json"\?/,
    );
    expect(lines.some((l) => l.includes("notes.txt"))).toBe(false);
  });

  it("finds deduction lines that overlap (a base of exactly 15000 charged twice) and lines that leave a gap", async () => {
    const questionnaire = await builtIn("questionnaire.json");
    const accident = answer(question(questionnaire, "200"), "yes");
    accident.deduction[1].rules.all[0].operator = "lessThanInclusive";
    const report = answer(question(questionnaire, "201"), "yes");
    report.deduction[1].rules.all[0].value = 10_000;
    const problems = (await checkRules(await analystDir({ "questionnaire.json": questionnaire }))).problems;
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      [
        expect.stringMatching(/^\$\.questions\[\d+\]\.answers\[1\]\.deduction\[1\]$/),
        'Line 1 (12 %) and line 2 (5 %) of deduction "accident" both apply at a base price of exactly $15,000, so the answer is charged twice there. Make the lines\' base price ranges meet without overlapping, for example "basePrice" ">=" 15000 on one line and "basePrice" "<" 15000 on the other.',
      ],
      [
        expect.stringMatching(/^\$\.questions\[\d+\]\.answers\[1\]\.deduction$/),
        'No line of deduction "damage-report" applies at base prices from $10,000 to $14,999.99, so the answer costs nothing there. Cover every base price, for example "basePrice" ">=" 15000 on one line and "basePrice" "<" 15000 on the other.',
      ],
    ]);
    expect(problems[0]?.subject).toBe(
      'question 200 ("Has the vehicle been in an accident?"), answer "Yes", deduction line 2 ("accident")',
    );
  });

  it("finds rule names used twice, rules that can never hold and conditions on answers never given", async () => {
    const outcomes = await builtIn("offer-outcomes.json");
    outcomes.rules[1].name = outcomes.rules[0].name;
    const event = { type: "bring-in", params: { reason: "mileage" } };
    outcomes.rules.push(
      {
        name: "impossible mileage",
        conditions: {
          all: [
            { fact: "mileage", operator: ">=", value: 150_000 },
            { fact: "mileage", operator: "<", value: 100_000 },
          ],
        },
        event,
      },
      {
        name: "great with hail",
        conditions: {
          all: [
            { fact: "answer", params: { questionId: "100" }, operator: "==", value: "great" },
            { fact: "answer", params: { questionId: "402" }, operator: "==", value: "yes" },
          ],
        },
        event,
      },
      { name: "anything", conditions: { any: [] }, event },
    );
    const questionnaire = await builtIn("questionnaire.json");
    question(questionnaire, "301").condition = [
      { id: "100", answers: ["great"] },
      { id: "200", answers: ["yes"] },
    ];
    const dir = await analystDir({ "offer-outcomes.json": outcomes, "questionnaire.json": questionnaire });
    const messages = (await checkRules(dir)).problems.map(formatRuleProblem);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^offer-outcomes\.json:\d+:\d+: rule "15 years or older" › name: Rule 1 already has the name "15 years or older"\. Give each rule its own name/,
        ),
        expect.stringMatching(
          /rule "impossible mileage" › conditions: This rule can never hold: mileage >= 150000 and mileage < 100000 cannot both hold\./,
        ),
        expect.stringMatching(
          /rule "great with hail" › conditions: This rule can never hold: the answer to question 100 is "great" and the answer to question 402 is "yes" cannot both hold\./,
        ),
        expect.stringMatching(/rule "anything" › conditions: An empty "any" list always holds/),
        expect.stringMatching(/question 301 \("[^"]+"\) › condition: This question is never shown/),
      ]),
    );
  });

  it("checks an analyst's questionnaire against the package's outcome rules", async () => {
    const questionnaire = await builtIn("questionnaire.json");
    question(questionnaire, "402").questionId = "410";
    questionnaire.categories[3].questionsIds[2] = "410";
    const report = await checkRules(await analystDir({ "questionnaire.json": questionnaire }));
    expect(report.problems).toEqual([
      {
        file: "offer-outcomes.json",
        path: "$.rules[3].conditions.all[0].params.questionId",
        message: expect.stringMatching(/^No question 402 in the questionnaire/),
      },
    ]);
  });

  it("refuses a directory that does not exist, with usage and exit code 2", async () => {
    const { code, lines } = await run("check", "/nonexistent/rules");
    expect(code).toBe(2);
    expect(lines[0]).toBe("Not a directory: /nonexistent/rules");
    expect(lines).toContain(
      "Exit codes: 0 ok, 1 invalid rules or book, 2 usage (a bad option, a missing directory or file).",
    );
  });
});

// Every kind of mistake an analyst can make in a rule file, as `showroom-rules check` reports it: in plain words, at
// the file's line and column, naming the rule at fault (issue 30). Each case edits a shipped rule file as text, the
// way an analyst would in an editor, and expects the exact line check prints.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../src/bin/cli";
import { BUILT_IN_RULES_DIR } from "../src/bin/rule-dir";
import { offerOutcomesSchema } from "../src/offer/outcomes.schema";
import {
  CONTAINS_OPERATORS,
  type ConditionOperator,
  canonicalOperator,
  EQUALITY_OPERATORS,
  MEMBERSHIP_OPERATORS,
  NUMERIC_OPERATORS,
} from "../src/questionnaire/conditions.schema";
import { plainProblems } from "../src/shared/plain-problems";
import { safeParse } from "../src/shared/rule-file";

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** One shipped rule file, edited by `edit` as text, checked alone in an analyst's folder: the edited text and output. */
async function checkEdited(file: string, edit: (text: string) => string): Promise<{ text: string; lines: string[] }> {
  const shipped = await readFile(join(BUILT_IN_RULES_DIR, file), "utf8");
  const text = edit(shipped);
  expect(text, "the edit must change the file").not.toBe(shipped);
  const dir = await mkdtemp(join(tmpdir(), "showroom-rules-mistake-"));
  dirs.push(dir);
  await writeFile(join(dir, file), text);
  const lines: string[] = [];
  const code = await main(["check", dir], (line) => lines.push(...line.split("\n")));
  expect(code).toBe(1);
  return { text, lines: lines.filter((l) => l.startsWith(`${file}:`)) };
}

/** `line:column` (1-based) of `needle`'s first occurrence in `text`, moved on by `shift` characters. */
function at(text: string, needle: string, shift = 0): string {
  const offset = text.indexOf(needle);
  expect(offset, `${needle} is in the edited file`).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, offset + shift).split("\n");
  return `${before.length}:${(before.at(-1) ?? "").length + 1}`;
}

const OUTCOMES = "offer-outcomes.json";
const SETTINGS = "offer-settings.json";
const AGE = 'rule "15 years or older" › conditions.all[0]';
const OPERATORS = [...NUMERIC_OPERATORS, ...EQUALITY_OPERATORS, ...MEMBERSHIP_OPERATORS, ...CONTAINS_OPERATORS];
const OPERATOR_LIST = OPERATORS.map((o) => JSON.stringify(o)).join(", ");
const FACT_LIST =
  '"age", "year", "currentYear", "mileage", "make", "model", "roughWholesale", "adjustedWholesaleAvg", "adjustedRetailAvg", "basePrice", "answer"';

/** The first rule's comparison, `"value": 15` in the shipped file, replaced. */
const ageValue = (written: string) => (t: string) => t.replace('"value": 15\n', `"value": ${written}\n`);

describe("check: JSON that does not parse, in plain words at its line and column", () => {
  const cases: [string, (t: string) => string, string, string][] = [
    [
      "two commas",
      (t) => t.replace('"value": 15\n', '"value": 15,,\n'),
      "15,,",
      "Remove this comma: there are two in a row.",
    ],
    [
      "a comma left out",
      (t) => t.replace('"operator": "greaterThanInclusive",', '"operator": "greaterThanInclusive"'),
      '"value": 15',
      "A comma is expected here, between two entries.",
    ],
    [
      "single quotes",
      (t) => t.replace('"value": 15', "'value': 15"),
      "'value'",
      "JSON takes double quotes: write \"value\" instead of 'value'.",
    ],
    [
      "a field name without quotes",
      (t) => t.replace('"value": 15', "value: 15"),
      "value: 15",
      'A field name takes double quotes in JSON: write "value".',
    ],
    [
      "text without quotes",
      (t) => t.replace('"reason": "age"', '"reason": age'),
      "age\n",
      'Text takes double quotes in JSON: write "age".',
    ],
    ["True with a capital", ageValue("True"), "True", "Write true in lowercase."],
    ["a comment", ageValue("15 // years"), "//", "JSON files cannot hold comments: remove it."],
    [
      "an unclosed text",
      (t) => t.replace('"reason": "age"', '"reason": "age'),
      '"age\n',
      "This text has no closing double quote.",
    ],
    ["an empty file", () => "\n", "\n", "The file is empty: write one JSON object, { … }."],
    [
      "a byte order mark",
      (t) => `\ufeff${t}`,
      "\ufeff",
      'The file begins with an invisible byte order mark: save it as UTF-8 without BOM (in most editors, "UTF-8", not "UTF-8 with BOM").',
    ],
  ];
  it.each(cases)("%s", async (_kind, edit, needle, message) => {
    const { text, lines } = await checkEdited(OUTCOMES, edit);
    expect(lines).toEqual([`${OUTCOMES}:${at(text, needle, needle === "15,," ? 3 : 0)}: ${message}`]);
  });
});

describe("check: numbers written the way a spreadsheet or JavaScript writes them", () => {
  const cases: [string, string, string][] = [
    [
      "a dot with nothing after it",
      "15.",
      "This number ends too early: write digits after the dot, like 15.5, or leave the dot out.",
    ],
    ["a leading +", "+15", "A number cannot start with + in JSON: write 15."],
    ["NaN", "NaN", "NaN is not a number JSON can hold: write a number, like 0."],
    ["Infinity", "-Infinity", "-Infinity is not a number JSON can hold: write a number, like 0."],
    ["a thousands separator", "15,000", "Write a number without a thousands separator: 15000, not 15,000."],
    ["a dollar sign", "$1,500", "Write a dollar amount as a number, without the $ sign: 1500."],
    ["a percent sign", "15%", "Write a percent as a number, without the % sign: 15."],
    ["a leading zero", "015", "A number cannot start with 0 in JSON: write 15, not 015."],
    ["hexadecimal", "0x0f", "Write the number in decimal digits: 15."],
    ["no 0 before the dot", ".5", "Write a 0 before the dot: 0.5."],
  ];
  it.each(cases)("%s", async (_kind, written, message) => {
    const { text, lines } = await checkEdited(OUTCOMES, ageValue(written));
    expect(lines).toHaveLength(1);
    // The parser stops where the number stops being JSON: at the value, or just after its first part.
    expect(lines[0]).toMatch(new RegExp(`^${OUTCOMES}:${at(text, written).split(":")[0]}:\\d+: `));
    expect(lines[0]?.replace(/^[^:]+:\d+:\d+: /, "")).toBe(message);
  });

  it("a number too large to hold, a number in quotes, and one out of its range", async () => {
    const huge = await checkEdited(OUTCOMES, ageValue("1e999"));
    expect(huge.lines).toEqual([
      `${OUTCOMES}:${at(huge.text, "1e999")}: ${AGE}.value: "value" is a number too large to use. Write a number, without quotes. (The number the fact is compared with, like 150000.)`,
    ]);
    const quoted = await checkEdited(OUTCOMES, ageValue('"15"'));
    expect(quoted.lines).toEqual([
      `${OUTCOMES}:${at(quoted.text, '"15"')}: ${AGE}.value: "value" is the text "15". Write the number without quotes: 15.`,
    ]);
    const negative = await checkEdited(SETTINGS, (t) => t.replace('"minimumPrice": 2000', '"minimumPrice": -5'));
    expect(negative.lines).toEqual([
      `${SETTINGS}:${at(negative.text, "-5")}: Cash Now › minimumPrice: The number -5 is out of range: "minimumPrice" must be at least 0. (Below this the offer is withheld (reason below-minimum).)`,
    ]);
    const fraction = await checkEdited(OUTCOMES, (t) =>
      t.replace('"name": "15 years or older",', '"name": "15 years or older", "priority": 1.5,'),
    );
    expect(fraction.lines).toEqual([
      `${OUTCOMES}:${at(fraction.text, "1.5")}: rule "15 years or older" › priority: "priority" is the number 1.5. Write a whole number, 1 or more, like 2.`,
    ]);
  });
});

describe("check: fields and values the rule files do not take", () => {
  it("an unknown operator names the operator meant, and the list", async () => {
    const { text, lines } = await checkEdited(OUTCOMES, (t) =>
      t.replace('"operator": "lessThanInclusive"', '"operator": "lesThanInclusive"'),
    );
    expect(lines).toEqual([
      `${OUTCOMES}:${at(text, '"lesThanInclusive"')}: rule "current or previous model year" › conditions.all[0].operator: "lesThanInclusive" is not an operator; did you mean "lessThanInclusive"? Write one of ${OPERATOR_LIST}.`,
    ]);
  });

  it("an operator written backwards, one that is nothing like an operator, a number, and none at all", async () => {
    const backwards = await checkEdited(OUTCOMES, (t) =>
      t.replace(
        '"operator": "greaterThanInclusive",\n            "value": 15',
        '"operator": "=>",\n            "value": 15',
      ),
    );
    expect(backwards.lines).toEqual([
      `${OUTCOMES}:${at(backwards.text, '"=>"')}: ${AGE}.operator: "=>" is not an operator; did you mean ">="? Write one of ${OPERATOR_LIST}.`,
    ]);
    const unknown = await checkEdited(OUTCOMES, (t) =>
      t.replace(
        '"operator": "greaterThanInclusive",\n            "value": 15',
        '"operator": "between",\n            "value": 15',
      ),
    );
    expect(unknown.lines).toEqual([
      `${OUTCOMES}:${at(unknown.text, '"between"')}: ${AGE}.operator: "between" is not an operator. Write one of ${OPERATOR_LIST}.`,
    ]);
    const number = await checkEdited(OUTCOMES, (t) =>
      t.replace(
        '"operator": "greaterThanInclusive",\n            "value": 15',
        '"operator": 5,\n            "value": 15',
      ),
    );
    expect(number.lines).toEqual([
      `${OUTCOMES}:${at(number.text, '"operator": 5', 12)}: ${AGE}.operator: "operator" is the number 5, not an operator. Write one of ${OPERATOR_LIST}.`,
    ]);
    const missing = await checkEdited(OUTCOMES, (t) =>
      t.replace('"operator": "greaterThanInclusive",\n            "value": 15', '"value": 15'),
    );
    expect(missing.lines).toEqual([
      `${OUTCOMES}:${at(missing.text, '{\n            "fact": "age"')}: ${AGE}.operator: "operator" is missing. Write one of ${OPERATOR_LIST}.`,
    ]);
  });

  it("an unknown fact, event type and reason suggest the one meant", async () => {
    const fact = await checkEdited(OUTCOMES, (t) => t.replace('"fact": "age"', '"fact": "agee"'));
    expect(fact.lines).toEqual([
      `${OUTCOMES}:${at(fact.text, '"agee"')}: ${AGE}.fact: "agee" is not a fact; did you mean "age"? Write one of ${FACT_LIST}.`,
    ]);
    const type = await checkEdited(OUTCOMES, (t) => t.replace('"type": "bring-in"', '"type": "bringin"'));
    expect(type.lines).toEqual([
      `${OUTCOMES}:${at(type.text, '"bringin"')}: rule "15 years or older" › event.type: "bringin" is not one of the values "type" takes; did you mean "bring-in"? Write one of "bring-in", "withhold".`,
    ]);
    const reason = await checkEdited(OUTCOMES, (t) => t.replace('"reason": "age"', '"reason": "aeg"'));
    expect(reason.lines).toEqual([
      `${OUTCOMES}:${at(reason.text, '"aeg"')}: rule "15 years or older" › event.params.reason: "aeg" is not a reason; did you mean "age"? Write one of "age", "recent-model-year", "mileage", "hail-rust", "frame", "salvage", "inoperable", "transmission".`,
    ]);
  });

  it("an answer a question does not have suggests the answer meant", async () => {
    const { text, lines } = await checkEdited(OUTCOMES, (t) =>
      t.replace(
        '"questionId": "402"\n            },\n            "operator": "equal",\n            "value": "yes"',
        '"questionId": "402"\n            },\n            "operator": "equal",\n            "value": "yse"',
      ),
    );
    expect(lines).toEqual([
      `${OUTCOMES}:${at(text, '"yse"')}: rule "hail damage or rust" › conditions.all[0].value: "yse" is not an answer to question 402; did you mean "yes"? (answers: no, yes).`,
    ]);
  });

  it("an unknown field suggests the field meant, and a misspelt required field is one problem, not two", async () => {
    const extra = await checkEdited(OUTCOMES, (t) => t.replace('"value": 15\n', '"value": 15, "vaule": 3\n'));
    expect(extra.lines).toEqual([
      `${OUTCOMES}:${at(extra.text, '"vaule"')}: ${AGE}: "vaule" is not a field here. Did you mean "value"? The fields here are: fact, params, operator, value.`,
    ]);
    const misspelt = await checkEdited(OUTCOMES, (t) => t.replace('"rules": [', '"rulez": ['));
    expect(misspelt.lines).toEqual([
      `${OUTCOMES}:${at(misspelt.text, '"rulez"')}: "rulez" is not a field here. Did you mean "rules"? The fields here are: $schema, rules.`,
    ]);
    const group = await checkEdited(OUTCOMES, (t) => t.replace('"all": [', '"alll": ['));
    expect(group.lines).toEqual([
      `${OUTCOMES}:${at(group.text, '"alll"')}: rule "15 years or older" › conditions: "alll" is not a field here. Did you mean "all"? The fields here are: all, any, not.`,
    ]);
  });

  it("a required field left out, and a value of the wrong type", async () => {
    const missing = await checkEdited(SETTINGS, (t) => t.replace('"minimumPrice": 2000,\n', ""));
    expect(missing.lines).toEqual([
      `${SETTINGS}:${at(missing.text, '"cashNow": {', 11)}: Cash Now › minimumPrice: "minimumPrice" is missing. Write a dollar amount as a number, like 2000.`,
    ]);
    const list = await checkEdited(OUTCOMES, (t) => t.replace('"rules": [', '"rules": {"list": ['));
    expect(list.lines[0]).toMatch(/^offer-outcomes\.json:\d+:\d+: /);
    const wrongType = await checkEdited(OUTCOMES, (t) =>
      t.replace(/"rules": \[[\s\S]*\]\n\}\n?$/, '"rules": "all of them"\n}\n'),
    );
    expect(wrongType.lines).toEqual([
      `${OUTCOMES}:${at(wrongType.text, '"all of them"')}: rules: "rules" is the text "all of them". Write a list in square brackets. (Every rule that holds adds its reason; all reasons are reported.)`,
    ]);
  });

  it("a value that does not fit its operator is described for that operator", async () => {
    const { text, lines } = await checkEdited(OUTCOMES, (t) =>
      t.replace(
        '"operator": "greaterThanInclusive",\n            "value": 15',
        '"operator": "in",\n            "value": 15',
      ),
    );
    expect(lines).toEqual([
      `${OUTCOMES}:${at(text, "15\n")}: ${AGE}.value: "value" is the number 15. Write a list in square brackets. (The list of values, like ["fair", "poor"].)`,
    ]);
  });
});

describe("check: what parses and fits the schema but cannot be what was meant", () => {
  it("a field written twice in one object (JSON keeps the last without a word)", async () => {
    const { text, lines } = await checkEdited(OUTCOMES, (t) =>
      t.replace('"value": 15\n', '"value": 15, "value": 16\n'),
    );
    expect(lines).toEqual([
      `${OUTCOMES}:${at(text, '"value": 16')}: ${AGE}.value: "value" is written twice in the same object: JSON keeps only the last, so the first is ignored. Keep one of them.`,
    ]);
  });

  it("two rules with one name", async () => {
    const { text, lines } = await checkEdited(OUTCOMES, (t) =>
      t.replace('"name": "current or previous model year"', '"name": "15 years or older"'),
    );
    const second = text.indexOf('"15 years or older"', text.indexOf('"15 years or older"') + 1);
    expect(lines).toEqual([
      `${OUTCOMES}:${at(text.slice(0, second) + text.slice(second).replace('"15', "@@"), "@@")}: rule "15 years or older" › name: Rule 1 already has the name "15 years or older". Give each rule its own name, so messages and the simulation can tell them apart.`,
    ]);
  });

  it("a text fact compared as a number", async () => {
    const { text, lines } = await checkEdited(OUTCOMES, (t) => t.replace('"fact": "age"', '"fact": "make"'));
    expect(lines).toEqual([
      `${OUTCOMES}:${at(text, '"greaterThanInclusive"')}: ${AGE}.operator: make is text: compare it with equal, notEqual, in, notIn, contains or doesNotContain.`,
    ]);
  });
});

// Property: the operators spelt as words (lessThan, notIn, includes…), each one slip away (a character added, dropped,
// changed, or two neighbours swapped), suggest an operator that compares the same way.
const WORD_OPERATORS = OPERATORS.filter((o) => /[a-z]/i.test(o));
const TYPED = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_- <>=!.".split("");
const oneSlip = fc
  .record({
    operator: fc.constantFrom(...WORD_OPERATORS),
    kind: fc.constantFrom("add", "drop", "change", "swap"),
    at: fc.nat(),
    char: fc.constantFrom(...TYPED),
  })
  .map(({ operator, kind, at, char }) => {
    const i = at % (operator.length + (kind === "add" ? 1 : 0));
    const j = Math.min(i, operator.length - 2);
    const typo =
      kind === "add"
        ? operator.slice(0, i) + char + operator.slice(i)
        : kind === "drop"
          ? operator.slice(0, i) + operator.slice(i + 1)
          : kind === "change"
            ? operator.slice(0, i) + char + operator.slice(i + 1)
            : operator.slice(0, j) + operator[j + 1] + operator[j] + operator.slice(j + 2);
    return { operator, typo };
  })
  .filter(({ typo }) => !(OPERATORS as readonly string[]).includes(typo));

describe("check: operator typos (property)", () => {
  it("any one-slip typo of an operator's name is reported as not an operator and suggests one comparing the same way", () => {
    fc.assert(
      fc.property(oneSlip, ({ operator, typo }) => {
        const json = {
          rules: [
            {
              name: "typo",
              conditions: { all: [{ fact: "mileage", operator: typo, value: 1 }] },
              event: { type: "bring-in", params: { reason: "mileage" } },
            },
          ],
        };
        const result = safeParse(offerOutcomesSchema, json);
        expect(result.success).toBe(false);
        if (result.success) return;
        const problems = plainProblems(OUTCOMES, result.error.issues, { json, schema: offerOutcomesSchema });
        expect(problems.map((p) => p.path)).toEqual(["$.rules[0].conditions.all[0].operator"]);
        const message = problems[0]?.message ?? "";
        const suggested = new RegExp(
          `^${JSON.stringify(typo).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is not an operator; did you mean "([^"]+)"\\?`,
        ).exec(message)?.[1];
        expect(suggested, message).toBeDefined();
        expect(canonicalOperator(suggested as ConditionOperator)).toBe(canonicalOperator(operator));
      }),
      { numRuns: 500 },
    );
  });
});

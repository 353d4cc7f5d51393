import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addEntry,
  coveredMonths,
  ENTRY_LISTS,
  entryCount,
  keepSsns,
  postedValues,
  removeEntry,
  ssnLast4,
  withoutSsns,
} from "./credit-application-entries";

const list = fc.constantFrom(...ENTRY_LISTS);
/** Answers with `count` entries of `list`, each with one field holding its index. */
const answers = (name: string, count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${name}[${i}].city`, `city ${i}`]));

describe("credit application entries", () => {
  it("removing the entry just added gives back the answers as they were (below the cap of ten)", () => {
    fc.assert(
      fc.property(list, fc.integer({ min: 1, max: 9 }), (name, count) => {
        const before = answers(name, count);
        const added = addEntry(before, name);
        expect(entryCount(added, name)).toBe(count + 1);
        expect(removeEntry(added, name, count)).toEqual(before);
      }),
    );
  });

  it("removing entry i moves every later entry up one and keeps the order of the others", () => {
    fc.assert(
      fc.property(list, fc.integer({ min: 2, max: 10 }), fc.nat(), (name, count, seed) => {
        const index = seed % count;
        const after = removeEntry(answers(name, count), name, index);
        const expected = Array.from({ length: count }, (_, i) => `city ${i}`).filter((_, i) => i !== index);
        expect(Array.from({ length: count - 1 }, (_, i) => after[`${name}[${i}].city`])).toEqual(expected);
        expect(entryCount(after, name)).toBe(count - 1);
      }),
    );
  });

  it("adds no eleventh entry", () => {
    const ten = answers("residences", 10);
    expect(addEntry(ten, "residences")).toBe(ten);
  });

  it("counts the months covered: years times twelve plus months (at most eleven), unreadable numbers as none", () => {
    expect(
      coveredMonths(
        {
          "employments[0].years": "1",
          "employments[0].months": "6",
          "employments[1].years": "two",
          "employments[1].months": "30",
          "residences[0].yearsAtAddress": "5",
        },
        "employments",
      ),
    ).toBe(12 + 6 + 11);
  });

  it("leaves the intent and the honeypot out of a post", () => {
    const form = new FormData();
    form.append("intent", "continue");
    form.append("website", "bot");
    form.append("firstName", "Ana");
    expect(postedValues(form)).toEqual({ firstName: "Ana" });
  });

  it("keeps an SSN given before when the field comes back blank, and replaces it when one is typed", () => {
    const before = { ssn: "123-45-6789" };
    expect(keepSsns({ ssn: " " }, before)).toEqual({ ssn: "123-45-6789" });
    expect(keepSsns({ ssn: "987-65-4321" }, before)).toEqual({ ssn: "987-65-4321" });
    expect(keepSsns({ firstName: "Ana" }, before)).toEqual({ firstName: "Ana" });
    expect(withoutSsns({ ssn: "1", "coBorrower.ssn": "2", firstName: "Ana" })).toEqual({ firstName: "Ana" });
    expect(ssnLast4("123-45-6789")).toBe("6789");
    expect(ssnLast4("12345")).toBeNull();
  });
});

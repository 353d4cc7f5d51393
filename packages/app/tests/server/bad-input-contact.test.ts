// Bad input against the contact forms (contact, careers, a team member's message): whatever is posted, the server
// answers without a 5xx, and a post it refuses leaves nothing behind. The other groups are the bad-input-*.test.ts
// files beside this one; this one also checks that every action of the site is in exactly one group.
import { readdirSync } from "node:fs";
import fc from "fast-check";
import { expect, it } from "vitest";
import { fromNewClient, fuzzActionGroup, RUNS } from "./support/action-fuzz";
import { type Change, contactChanges, type Field, whenMissing } from "./support/contact-changes";
import { ACTIONS, FUZZ_GROUPS, routeModulesWithAction } from "./support/fuzz-actions";
import { contactFields, countRows, postForm, renderedFieldErrors } from "./support/requests";

const { site, usedKeys } = fuzzActionGroup("contact");

it("every route module that exports an action is fuzzed, in exactly one group with a test file of its own", () => {
  expect(routeModulesWithAction()).toEqual(Object.keys(ACTIONS).sort());
  const grouped = Object.values(FUZZ_GROUPS).flat();
  expect([...grouped].sort()).toEqual(Object.keys(ACTIONS).sort());
  const files = readdirSync(import.meta.dirname).filter((f) => /^bad-input-.*\.test\.ts$/.test(f));
  expect(files.map((f) => f.slice("bad-input-".length, -".test.ts".length)).sort()).toEqual(
    expect.arrayContaining(Object.keys(FUZZ_GROUPS).sort()),
  );
});

it("every broken contact field shows the spec's words for what is wrong with it, valid fields show none, and nothing is written", async () => {
  await fc.assert(
    fc.asyncProperty(fc.record(contactChanges), async (plan) => {
      const fields = contactFields();
      const expected: Record<string, string> = {};
      for (const [field, change] of Object.entries(plan) as [Field, Change][]) {
        if (change.kind === "omit") {
          delete fields[field];
          expected[field] = whenMissing[field];
        } else if (change.kind === "set") {
          fields[field] = change.value;
          expected[field] = change.expected;
        }
      }
      const before = await countRows(site().database.db);
      const answer = await postForm(site().url, "/contact-us", fields, fromNewClient());
      const after = await countRows(site().database.db);
      if (Object.keys(expected).length === 0) {
        usedKeys.add(fields.idempotencyKey as string);
        expect(answer.status).toBe(303);
        expect(after.leads - before.leads).toBe(1);
        return;
      }
      expect(answer.status).toBe(400);
      expect(renderedFieldErrors(answer.body)).toEqual(expected);
      expect(after).toEqual(before);
    }),
    { numRuns: RUNS },
  );
}, 120_000);

// The action fuzz, shared by the bad-input test files: the two properties every action of the site (fuzz-actions.ts)
// must hold. Split by group so that Vitest's two workers run the groups side by side (issue 31); each file starts
// its own built server in its process on PGlite in memory.
import { loadDealers } from "@showroom/fixtures/server";
import { MAX_LENGTH, MESSAGES, testDriveClosedMessage, vehicleFieldMessage } from "@showroom/forms";
import { DEFAULT_TEXT_MAX_LENGTH } from "@showroom/rules/questionnaire";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE_VERIFICATION_TEXT } from "../../../app/server/phone-verification/phone-verification.server";
import type { Running } from "../../../server/app";
import { startInProcess } from "./built-server";
import { SPEC } from "./contact-changes";
import {
  ACTIONS,
  type ActionUnderTest,
  FUZZ_GROUPS,
  type FuzzGroup,
  firstValue,
  sentToSignIn,
  useOfferForFuzz,
} from "./fuzz-actions";
import { acceptEncoding, encodeForm, formPayload, rawPayload } from "./payloads";
import { contactFields, countRows, postForm, type RowCounts, renderedFieldErrors, request } from "./requests";

export const RUNS = 200;

/** Every message a form of the site may show: the spec's words and the forms package's few additions. */
const KNOWN_MESSAGES = new Set<string>([
  ...Object.values(SPEC),
  // Phone verification's plain server text, shown against the phone or code field (spec section 7).
  ...Object.values(PHONE_VERIFICATION_TEXT),
  ...Object.values(MESSAGES).flatMap((m) => (typeof m === "string" ? [m] : [])),
  ...Object.values(MAX_LENGTH).map((max) => MESSAGES.tooLong(max)),
  // The questionnaire's comment (at most DEFAULT_TEXT_MAX_LENGTH characters).
  MESSAGES.tooLong(DEFAULT_TEXT_MAX_LENGTH),
  // "Enter the {field} of the vehicle." (spec section 5), for the sell/trade form's fields.
  ...(["make", "model", "year", "price", "mileage", "trim", "VIN"] as const).map(vehicleFieldMessage),
  // "We're closed on {holiday}. Please choose another day.", for each closed date of the fixture stores.
  ...loadDealers().dealers.flatMap((dealer) => dealer.closedDates.map((day) => testDriveClosedMessage(day.name))),
]);

/** Idempotency keys that made a lead in this file's database: a second post with one rightly writes nothing. */
const usedKeys = new Set<string>();

let clients = 0;

/**
 * The header of a post from a shopper of its own, as the proxy in front of the site (TRUST_PROXY) passes it on. The
 * fuzz's thousands of posts would otherwise all be one address's: the rate limit's sliding window for that address then
 * held every post of the last minute, and rewriting it was the most expensive query of each post (6.6 ms of 39 ms).
 */
export function fromNewClient(): Record<string, string> {
  clients += 1;
  return { "X-Forwarded-For": `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}` };
}

/**
 * A server for one test file, with an offer made for the visit form: behind a proxy on this machine, so each post can
 * come from a shopper of its own (`fromNewClient`), and the site-wide limit out of the way of posts that do not.
 */
export function serverForFuzz(): { site: () => Running; usedKeys: Set<string> } {
  let site: Running | undefined;
  beforeAll(async () => {
    site = await startInProcess({ RATE_LIMIT_POSTS_PER_MINUTE: "1000000", TRUST_PROXY: "loopback" });
    const made = await postForm(site.url, "/sell-trade-my-car/your-vehicle", {
      intent: "offer",
      vin: "WMWWJ9C03M2387500",
      mileage: "40000",
      zip: "63119",
      interest: "sell",
      q100: "great",
      ...contactFields(),
    });
    const offerPage = made.headers.get("location") ?? "";
    if (!offerPage.startsWith("/sell-trade-my-car/offer/")) throw new Error(`no offer to fuzz: ${made.status}`);
    useOfferForFuzz(offerPage, /uniqueUserId=[^;]+/.exec(made.headers.get("set-cookie") ?? "")?.[0] ?? "");
  });
  afterAll(async () => {
    await site?.close();
  });
  return {
    site: () => {
      if (!site) throw new Error("the server has not started");
      return site;
    },
    usedKeys,
  };
}

function delta(before: RowCounts, after: RowCounts): RowCounts {
  return {
    leads: after.leads - before.leads,
    outbox: after.outbox - before.outbox,
    visitors: after.visitors - before.visitors,
    offers: after.offers - before.offers,
    alertEmails: after.alertEmails - before.alertEmails,
  };
}

const NOTHING: RowCounts = { leads: 0, outbox: 0, visitors: 0, offers: 0, alertEmails: 0 };

/**
 * The rows written by one post: counted before and after it. Posts run one after another and nothing else writes
 * these tables between them, so the count after a post is the next post's "before": each post costs one count, not
 * two, and every moment between posts falls in some post's window. A post that throws leaves no count to reuse.
 */
function rowCounter(db: () => Running["database"]["db"]) {
  let last: RowCounts | undefined;
  return async function rowsWrittenBy<T>(post: () => Promise<T>): Promise<{ answer: T; written: RowCounts }> {
    const before = last ?? (await countRows(db()));
    last = undefined;
    const answer = await post();
    const after = await countRows(db());
    last = after;
    return { answer, written: delta(before, after) };
  };
}

/** The two properties, for every action of `group`, against the server of the calling file. */
export function fuzzActionGroup(group: FuzzGroup): { site: () => Running; usedKeys: Set<string> } {
  const server = serverForFuzz();
  const running = server.site;
  const rowsWrittenBy = rowCounter(() => running().database.db);
  describe.each(FUZZ_GROUPS[group].map((file) => [file, ACTIONS[file] as ActionUnderTest] as const))(
    "the action of %s",
    (_file, action) => {
      it("answers any form (any field names and values, huge or missing, files, any cookies, any browser's encodings) without a 5xx, and writes a whole lead or nothing", async () => {
        await fc.assert(
          fc.asyncProperty(formPayload(action.fields, action.valid), acceptEncoding, async (payload, encodings) => {
            const { body, headers } = encodeForm(
              action.ownerCookie && payload.cookie === null ? { ...payload, cookie: action.ownerCookie() } : payload,
            );
            const path = payload.dataRequest ? `${action.path}.data` : action.path;
            const { answer, written } = await rowsWrittenBy(() =>
              request(`${running().url}${path}`, {
                method: "POST",
                body,
                headers: { Origin: running().url, "Accept-Encoding": encodings, ...fromNewClient(), ...headers },
              }),
            );
            expect(answer.status).toBeLessThan(500);
            // A lead comes with its outbox row, or neither is there; an offer never comes without its lead.
            expect(written.outbox).toBe(written.leads);
            expect(written.offers).toBeLessThanOrEqual(written.leads);
            // 303 for a document request; 202 (a redirect in the body) or 200 for React Router's data requests.
            const succeeded = answer.status === 303 || answer.status === 200 || answer.status === 202;
            // Only the alert form queues an alert email, one at most, and only when it says it worked.
            expect(written.alertEmails).toBeLessThanOrEqual(succeeded && action.queuesAlertEmail ? 1 : 0);
            const { alertEmails: _queued, ...rest } = written;
            if (!succeeded || !action.writesLeads) expect({ ...rest, alertEmails: 0 }).toEqual(NOTHING);
            else {
              expect(written.leads).toBeLessThanOrEqual(1);
              expect(written.visitors).toBeLessThanOrEqual(
                action.savesJourney ? Math.max(1, written.leads) : written.leads,
              );
              // A success that wrote nothing must be the honeypot's or a repeated key's: otherwise a lead was lost.
              const key = firstValue(payload.entries, "idempotencyKey");
              const honeypot = firstValue(payload.entries, "website");
              const trapped = honeypot !== undefined && (typeof honeypot !== "string" || honeypot.trim() !== "");
              const keyText = typeof key === "string" ? key.trim().toLowerCase() : undefined;
              const booking = action.makesLead?.(payload.entries) ?? true;
              if (booking && !trapped && keyText !== undefined && !usedKeys.has(keyText)) expect(written.leads).toBe(1);
              if (written.leads === 1 && keyText !== undefined) usedKeys.add(keyText);
            }
            if (action.writesLeads && answer.status === 400 && !payload.dataRequest) {
              for (const message of Object.values(renderedFieldErrors(answer.body))) {
                expect(KNOWN_MESSAGES).toContain(message);
              }
            }
          }),
          { numRuns: RUNS },
        );
      }, 120_000);

      it("answers a body it cannot read as a form (wrong content type, broken multipart, bad encoding) with a 4xx and writes nothing", async () => {
        await fc.assert(
          fc.asyncProperty(rawPayload, acceptEncoding, async (payload, encodings) => {
            const path = payload.dataRequest ? `${action.path}.data` : action.path;
            const { answer, written } = await rowsWrittenBy(() =>
              request(`${running().url}${path}`, {
                method: "POST",
                body: payload.body as Uint8Array<ArrayBuffer>,
                headers: {
                  Origin: running().url,
                  "Accept-Encoding": encodings,
                  ...fromNewClient(),
                  ...(payload.contentType === null ? {} : { "Content-Type": payload.contentType }),
                },
              }),
            );
            if (!(action.signInRequired && sentToSignIn(answer))) {
              expect(answer.status, `${payload.contentType}: ${answer.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
              expect(answer.status, `${payload.contentType}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
            }
            expect(written).toEqual(NOTHING);
          }),
          { numRuns: RUNS },
        );
      }, 120_000);
    },
  );
  return server;
}

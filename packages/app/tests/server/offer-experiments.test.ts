// An offer-rules experiment through the built server (issue 30, ADRs 390-391): a browser the site knows, in the
// experiment's share, is priced with the version the experiment names, and its row and offer page (for staff) say so; a post
// without the visitor cookie is priced with the live version, in no experiment.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { todayIn } from "@showroom/forms";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "../../app/components/ui";
import { setCookiePair } from "../../app/cookies";
import { offerRuleVersions, offers } from "../../app/server/db/schema.server";
import { publishOfferRules } from "../../app/server/sell/offer-rule-versions.server";
import type { Running } from "../../server/app";
import { until } from "../support/wait";
import { startInProcess } from "./support/built-server";
import { type Answer, request } from "./support/requests";
import { wholeOfferBody } from "./support/sell-payloads";
import { addStaffAccount, signInStaff } from "./support/staff-sign-in";

const SETTINGS = fileURLToPath(new URL("../../../rules/rules/offer-settings.json", import.meta.url));
const settings = (days: number) =>
  JSON.stringify({ ...JSON.parse(readFileSync(SETTINGS, "utf8")), validForDays: days });
const BROWSER = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  Accept: "text/html,application/xhtml+xml",
};
const inDays = (days: number) => {
  const [y, m, d] = todayIn("America/Chicago").split("-").map(Number) as [number, number, number];
  return formatDate(new Date(Date.UTC(y, m - 1, d + days)).toISOString());
};

const DATA_KEY = randomBytes(32).toString("base64");
let site: Running;
let experiments: Server;
let staffCookie = "";

/** Signs an analyst in (password, then the TOTP code) and answers the desk's session cookie. */
async function signInAnalyst(): Promise<string> {
  const secret = await addStaffAccount(site.database.db, DATA_KEY, "ana@example.com", "analyst");
  return signInStaff(site.url, "ana@example.com", secret);
}

beforeAll(async () => {
  // Everyone the site knows is in the experiment's share: version 1 prices them, version 2 is live.
  experiments = createServer((_, response) => {
    response.setHeader("Content-Type", "application/json");
    response.end(
      JSON.stringify({
        defaults: { settings: {}, popups: null, langs: {} },
        experiments: [
          { name: "offer-rules-trial", description: "Six days", allocation: 1, parameters: { offerRules: 1 } },
        ],
      }),
    );
  });
  await new Promise<void>((done) => experiments.listen(0, "127.0.0.1", done));
  const { port } = experiments.address() as AddressInfo;
  site = await startInProcess({
    EXPERIMENTS: "on",
    EXPERIMENTS_URL: `http://127.0.0.1:${port}/experiments`,
    RATE_LIMIT_POSTS_PER_MINUTE: "1000",
    STAFF_SIGN_INS_PER_MINUTE: "1000",
    DATA_KEY,
  });
  staffCookie = await signInAnalyst();
  const actor = { accountId: null, email: "pat.analyst", ip: null };
  for (const days of [6, 7]) {
    const texts = new Map([["offer-settings.json", settings(days)]]);
    const result = await publishOfferRules(site.database.db, { texts, note: `${days} days`, actor, from: "test" });
    expect(result.ok).toBe(true);
  }
}, 600_000);

afterAll(async () => {
  await site?.close();
  await new Promise((done) => experiments?.close(done));
});

/** An offer made by the whole journey in one POST; its page as the shopper and as signed-in staff see it. */
async function offerFrom(cookie: string | null): Promise<{ id: string; page: Answer; staffPage: Answer }> {
  const body = wholeOfferBody({ firstName: "Trial", lastName: "Shopper", email: "trial.shopper@example.com" });
  const headers: Record<string, string> = { ...BROWSER, Origin: site.url };
  if (cookie) headers.Cookie = cookie;
  const answer = await request(`${site.url}/sell-trade-my-car/your-vehicle`, { method: "POST", body, headers });
  expect(answer.status, answer.body.slice(0, 300)).toBe(303);
  const location = answer.headers.get("location") as string;
  return {
    id: location.split("/").at(-1) as string,
    page: await request(`${site.url}${location}`),
    staffPage: await request(`${site.url}${location}`, { headers: { Cookie: staffCookie } }),
  };
}

describe("an offer-rules experiment on the built server", () => {
  it("a known visitor in the share is priced with the named version; the offer row and the page staff open say so; a post without the cookie gets the live one", async () => {
    const db = site.database.db;
    const versions = await db.select().from(offerRuleVersions).orderBy(offerRuleVersions.version);
    const [trial, live] = versions;
    if (!trial || !live) throw new Error("two versions were published");
    // The server follows the newest published version (ADR 341) within moments.
    await until(
      "the server to price with version 2",
      async () => {
        const { id } = await offerFrom(null);
        const [row] = await db.select().from(offers).where(eq(offers.id, id));
        return row?.rulesPublished === 2;
      },
      { everyMs: 250 },
    );

    const anonymous = await offerFrom(null);
    const [plain] = await db.select().from(offers).where(eq(offers.id, anonymous.id));
    expect(plain).toMatchObject({ rulesVersion: live.contentHash, rulesPublished: 2, experiment: null });
    expect(anonymous.staffPage.body).toContain(`For staff: priced with offer rules version 2 (${live.contentHash}).`);
    expect(anonymous.page.body).toContain(`Valid until ${inDays(7)}`);
    // The shopper's page leaves the version to the desk and the lead (ADR 331).
    expect(anonymous.page.body).not.toContain(live.contentHash);

    const first = await request(`${site.url}/sell-trade-my-car`, { headers: BROWSER });
    const pair = first.headers
      .getSetCookie()
      .map(setCookiePair)
      .find((c) => c.name === "uniqueUserId");
    expect(pair?.value).toBeTruthy();
    const known = await offerFrom(`uniqueUserId=${encodeURIComponent(pair?.value ?? "")}`);
    const [row] = await db.select().from(offers).where(eq(offers.id, known.id));
    expect(row).toMatchObject({
      rulesVersion: trial.contentHash,
      rulesPublished: 1,
      experiment: "offer-rules-trial",
      experimentArm: "variant",
    });
    expect(known.staffPage.body).toContain(`For staff: priced with offer rules version 1 (${trial.contentHash}).`);
    expect(known.page.body).not.toContain(trial.contentHash);
    expect(known.page.body).toContain(`Valid until ${inDays(6)}`);
  });
});

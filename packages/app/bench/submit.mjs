// npm run bench:submit -w packages/app [-- --count 200 --concurrency 1,10 --database-url memory:// --no-build]
// Server time of the financing submits, with their encryption, on the production build: the full credit
// application's single POST (whole-schema parse, a data key sealed and wrapped, lead + outbox + application in one
// transaction), one step of the form without JavaScript (the draft sealed and stored), and the pre-approval's submit
// after its phone was verified. PGlite on disk by default (the honest case); memory:// beside it shows what the disk
// costs. Prints p50 / p95 / p99 per case, and the sealing alone for scale.
import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { snapshotBuild } from "./build-snapshot.mjs";
import { startBenchServer } from "./server.mjs";
import { percentile } from "./stats.mjs";

const { values: opts } = parseArgs({
  allowNegative: true,
  options: {
    count: { type: "string", default: "200" },
    concurrency: { type: "string", default: "1,10" },
    "database-url": { type: "string" },
    build: { type: "boolean", default: true },
  },
});
const count = Math.max(10, Number(opts.count));
const levels = opts.concurrency
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
process.env.NODE_ENV = "production";
const log = (line) => console.error(line);

function application(lastName) {
  return {
    intent: "submit",
    idempotencyKey: randomUUID(),
    website: "",
    "user.firstName": "Dana",
    "user.lastName": lastName,
    "user.email": "dana.bench@example.com",
    "user.phone": "(314) 555-0142",
    "user.dateOfBirth": "1983-02-17",
    ssn: "123-45-6789",
    "residences[0].housingStatus": "rent",
    "residences[0].monthlyRent": "1,250",
    "residences[0].yearsAtAddress": "1",
    "residences[0].monthsAtAddress": "6",
    "residences[0].fullAddress": "1200 Market St",
    "residences[0].city": "St. Louis",
    "residences[0].state": "MO",
    "residences[0].zipCode": "63103",
    "residences[1].housingStatus": "family",
    "residences[1].monthlyRent": "0",
    "residences[1].yearsAtAddress": "2",
    "residences[1].monthsAtAddress": "0",
    "residences[1].fullAddress": "88 Olive St",
    "residences[1].city": "St. Louis",
    "residences[1].state": "MO",
    "residences[1].zipCode": "63101",
    "employments[0].incomeType": "full-time",
    "employments[0].employer": "Gateway Logistics",
    "employments[0].jobTitle": "Dispatcher",
    "employments[0].phone": "(314) 555-0199",
    "employments[0].monthlyIncome": "7,319.47",
    "employments[0].years": "4",
    "employments[0].months": "0",
    "coBorrower.applying": "no",
    esignConsent: "yes",
  };
}

async function post(url, fields, cookie, ip) {
  const began = performance.now();
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields),
    headers: {
      Origin: new URL(url).origin,
      ...(cookie ? { Cookie: cookie } : {}),
      ...(ip ? { "X-Forwarded-For": ip } : {}),
    },
  });
  await response.arrayBuffer();
  return { ms: performance.now() - began, status: response.status, response };
}

/** Runs `one(i)` `count` times with `concurrency` in flight; returns the timings of the ones that answered `ok`. */
async function measure(one, concurrency, ok) {
  const times = [];
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const { ms, status } = await one(i);
        if (ok(status)) times.push(ms);
        else failed++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    n: times.length,
    failed,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

function cookieOf(response) {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

function codeFor(dataDir, phone) {
  const dir = join(dataDir, "sms");
  for (const name of readdirSync(dir).sort().reverse()) {
    const text = readFileSync(join(dir, name), "utf8");
    if (text.startsWith(`To: +1${phone}\n`)) return /\b(\d{6})\b/.exec(text)?.[1];
  }
  return undefined;
}

const snapshot = snapshotBuild({ build: opts.build, log });
const rows = [];
for (const databaseUrl of opts["database-url"] ? [opts["database-url"]] : [undefined, "memory://"]) {
  // Every submit comes from this machine: the per-IP limits would stop the bench, not a shopper. Each bench shopper
  // gets an address of its own through X-Forwarded-For, which the server trusts here (TRUST_PROXY=1).
  const server = await startBenchServer({
    serverEntry: snapshot.serverEntry,
    databaseUrl,
    log,
    env: { RATE_LIMIT_POSTS_PER_MINUTE: "100000000", TRUST_PROXY: "1", RELAY_INTERVAL_MS: "60000" },
  });
  const where = databaseUrl ?? "PGlite on disk";
  try {
    const full = `${server.url}/auto-financing/full-credit-application`;
    const preApproval = `${server.url}/auto-financing/apply-for-financing`;
    // Warm up the code paths once.
    await post(full, application("Warmup"));
    for (const concurrency of levels) {
      rows.push({
        where,
        what: "full credit application, single POST",
        concurrency,
        ...(await measure(
          (i) => post(full, application(`Bench${i}`)),
          concurrency,
          (s) => s === 303,
        )),
      });
      rows.push({
        where,
        what: "full credit step without JS (draft sealed)",
        concurrency,
        ...(await measure(
          (i) =>
            post(full, {
              intent: "continue",
              ...Object.fromEntries(
                Object.entries(application(`Step${i}`)).filter(([k]) => k.startsWith("user.") || k === "ssn"),
              ),
            }),
          concurrency,
          (s) => s === 303,
        )),
      });
    }
    // The pre-approval needs a verified phone per shopper: verify first (untimed), then time the submit.
    const shoppers = [];
    for (let i = 0; i < count; i++) {
      const phone = `314555${String(1000 + i).padStart(4, "0")}`;
      const ip = `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      const sent = await post(preApproval, { intent: "send-code", phone }, undefined, ip);
      const cookie = cookieOf(sent.response);
      await post(preApproval, { intent: "verify-code", phone, code: codeFor(server.dataDir, phone) ?? "" }, cookie, ip);
      shoppers.push({ phone, cookie });
    }
    let at = 0;
    rows.push({
      where,
      what: "pre-approval submit (phone verified)",
      concurrency: 1,
      ...(await measure(
        (i) => {
          const shopper = shoppers[at++ % shoppers.length];
          return post(
            preApproval,
            {
              idempotencyKey: randomUUID(),
              website: "",
              firstName: "Dana",
              lastName: `Pre${i}`,
              email: "dana.pre@example.com",
              phone: shopper.phone,
              "address.street": "1200 Market St",
              "address.city": "St. Louis",
              "address.regioncode": "MO",
              "address.postalcode": "63103",
            },
            shopper.cookie,
          );
        },
        1,
        (s) => s === 303,
      )),
    });
  } finally {
    await server.close();
  }
}
snapshot.remove();

// The sealing alone: what the encryption itself costs per record.
const { sealJson, keyring, masterKey } = await import("../app/server/crypto/envelope.server.ts").catch(() => ({}));
let sealUs = null;
if (sealJson) {
  const ring = keyring(masterKey(randomBytes(32)));
  const record = application("Seal");
  const n = 5000;
  const began = performance.now();
  for (let i = 0; i < n; i++) sealJson(ring, record, `finance_applications:${i}`);
  sealUs = ((performance.now() - began) * 1000) / n;
}

console.log("\nFinancing submits, server round trip (ms), production build");
console.log("where                 case                                          conc     n   p50    p95    p99");
for (const r of rows) {
  console.log(
    `${r.where.padEnd(21)} ${r.what.padEnd(45)} ${String(r.concurrency).padStart(4)} ${String(r.n).padStart(5)} ${r.p50.toFixed(1).padStart(5)} ${r.p95.toFixed(1).padStart(6)} ${r.p99.toFixed(1).padStart(6)}${r.failed ? `  (${r.failed} failed)` : ""}`,
  );
}
if (sealUs !== null) console.log(`\nSealing one application (AES-256-GCM, data key wrapped): ${sealUs.toFixed(1)} µs`);

// What the database part of a /metrics scrape costs (ADR 309): readSiteFigures on a site with years of leads, nearly
// all of their emails sent, on PGlite in memory and on PostgreSQL.
//
//   npx tsx --conditions=showroom-source packages/app/bench/metrics-scrape.bench.ts
//   BENCH_LEADS=1000000 BENCH_DATABASES=postgres npx tsx --conditions=showroom-source packages/app/bench/metrics-scrape.bench.ts
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { type Database, openDatabase } from "../app/server/db/client.server";
import { readSiteFigures } from "../app/server/metrics/site-figures.server";

const LEADS = Number(process.env.BENCH_LEADS ?? 200_000);
const SCRAPES = Number(process.env.BENCH_SCRAPES ?? 200);
const DATABASES = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** LEADS leads over two years, a quarter of them in kinds the sell and finance forms write; 50 pending, 20 dead. */
async function seed(database: Database): Promise<void> {
  const { db } = database;
  await db.execute(sql`insert into stores (id, name, profile) values ('bench', 'Bench', '{}'::jsonb)`);
  await db.execute(sql`insert into leads (id, kind, status, store_id, idempotency_key, payload, created_at)
    select gen_random_uuid(),
      (array['CONTACT_SALES','UNLOCK_PRICE','SCHEDULE_TEST_DRIVE','SELL_OR_TRADE'])[1 + i % 4], 'new', 'bench',
      'bench-' || i, jsonb_build_object('text', repeat('x', 600)),
      now() - (i * (730.0 * 86400 / ${LEADS})) * interval '1 second'
    from generate_series(1, ${LEADS}) as i`);
  await db.execute(sql`insert into outbox (lead_id, message_id, state, attempts, sent_at, created_at)
    select id, id::text || '@bench', 'sent', 1, created_at, created_at from leads`);
  await db.execute(sql`update outbox set state = 'pending', sent_at = null
    where id in (select id from outbox order by created_at desc limit 50)`);
  await db.execute(sql`update outbox set state = 'dead', sent_at = null
    where id in (select id from outbox where state = 'sent' order by random() limit 20)`);
  await db.execute(sql`analyze`);
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

async function measure(name: string, database: Database): Promise<void> {
  const started = performance.now();
  await seed(database);
  console.log(
    `${name}: ${LEADS} leads and outbox rows written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  for (let i = 0; i < 10; i++) await readSiteFigures(database.db);
  const times: number[] = [];
  for (let i = 0; i < SCRAPES; i++) {
    const t = performance.now();
    await readSiteFigures(database.db);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const figures = await readSiteFigures(database.db);
  console.log(
    `${name}: readSiteFigures median ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms ` +
      `(${SCRAPES} scrapes; pending ${figures.outboxPending}, dead ${figures.outboxDead}, ` +
      `leads in 24 h ${[...figures.recentLeadsByKind.values()].reduce((a, b) => a + b, 0)})`,
  );
}

if (DATABASES.includes("pglite")) {
  const database = await openDatabase({ url: "memory://", dataDir: "" });
  try {
    await measure("PGlite", database);
  } finally {
    await database.close();
  }
}
if (DATABASES.includes("postgres")) {
  const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
  const name = `showroom_metrics_bench_${randomBytes(4).toString("hex")}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.href, dataDir: "" });
  try {
    await measure("PostgreSQL", database);
  } finally {
    await database.close();
    await admin.unsafe(`drop database "${name}"`);
    await admin.end();
  }
}

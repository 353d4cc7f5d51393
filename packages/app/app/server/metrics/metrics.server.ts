import type { NextFunction, Request, Response } from "express";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { ServerBuild } from "react-router";
import type { Db } from "../db/client.server";
import { logError } from "../log.server";
import { bearerTokenMatches } from "./bearer-token";
import { routeLabeller } from "./route-label";
import { LEADS_WINDOW_HOURS, readSiteFigures, type SiteFigures } from "./site-figures.server";

const METRICS_PATH = "/metrics";

/** Past this a scrape answers without the database's figures (and says so) rather than wait on a stuck database. */
const DATABASE_DEADLINE_MS = 2000;

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

let processRegistry: Registry | undefined;

/**
 * Node's own figures (event-loop lag, resident memory, heap, GC, handles, CPU) belong to the process, not to one app:
 * collected once per process however many apps a test makes, so no second event-loop monitor or GC observer starts.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface SiteMetricsOptions {
  db: Db;
  /** METRICS_TOKEN: a scrape must carry `Authorization: Bearer <token>`. */
  token: string;
  /** The server build's route manifest: request durations are labelled by its route ids. */
  routes: ServerBuild["routes"];
  /** Paths answered before the router, with the label each is recorded under. */
  fixedRoutes?: Record<string, string>;
}

export interface SiteMetrics {
  registry: Registry;
  /** Times every request from here to its response's end; mount it first. */
  timeRequests(req: Request, res: Response, next: NextFunction): void;
  /** `GET /metrics` for a bearer of the token, 401 for anyone else; any other request passes by. */
  endpoint(req: Request, res: Response, next: NextFunction): void;
}

/** What operators see at /metrics (ADR 309): request durations by route, the outbox, recent leads, and Node's own. */
export function createSiteMetrics(options: SiteMetricsOptions): SiteMetrics {
  const site = new Registry();
  const label = routeLabeller(options.routes, { ...options.fixedRoutes, [METRICS_PATH]: "metrics" });
  const durations = new Histogram({
    name: "showroom_http_request_duration_seconds",
    help: "Time from a request's arrival to its response's end, by route id (never the path), method and status class.",
    labelNames: ["route", "method", "status"] as const,
    registers: [site],
  });

  // One database read serves every gauge of a scrape, and scrapes that overlap share it; a read that outlives its
  // deadline is still the one the next scrape waits on, so a stuck database never collects a pile of queries.
  let query: Promise<SiteFigures> | undefined;
  let scrape: Promise<SiteFigures | null> | undefined;
  const figures = (): Promise<SiteFigures | null> => {
    scrape ??= (async () => {
      query ??= readSiteFigures(options.db).finally(() => {
        query = undefined;
      });
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${DATABASE_DEADLINE_MS} ms`)),
          DATABASE_DEADLINE_MS,
        );
      });
      try {
        return await Promise.race([query, deadline]);
      } catch (error) {
        logError("reading the outbox and leads for /metrics", error);
        return null;
      } finally {
        clearTimeout(timer);
      }
    })().finally(() => {
      scrape = undefined;
    });
    return scrape;
  };
  /** A gauge read from the database at scrape time: absent from the scrape when the database did not answer. */
  const databaseGauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    set: (gauge: Gauge<L>, read: SiteFigures) => void,
  ) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [site],
      async collect() {
        const read = await figures();
        this.reset();
        if (read) set(this, read);
      },
    });
  new Gauge({
    name: "showroom_metrics_database_up",
    help: `1 when this scrape's database queries answered within ${DATABASE_DEADLINE_MS / 1000} s, else 0.`,
    registers: [site],
    async collect() {
      this.set((await figures()) ? 1 : 0);
    },
  });
  databaseGauge("showroom_outbox_pending", "Lead emails waiting in the outbox to be sent.", [], (gauge, read) =>
    gauge.set(read.outboxPending),
  );
  databaseGauge(
    "showroom_outbox_dead",
    "Lead emails the outbox gave up on (dead letters): leads nobody received until requeued.",
    [],
    (gauge, read) => gauge.set(read.outboxDead),
  );
  databaseGauge(
    "showroom_outbox_oldest_pending_age_seconds",
    "Seconds since the oldest lead email still waiting was written; 0 when none waits.",
    [],
    (gauge, read) => gauge.set(read.oldestPendingAgeSeconds),
  );
  databaseGauge(
    "showroom_leads_last_24h",
    `Leads written in the last ${LEADS_WINDOW_HOURS} hours, by the form they came from.`,
    ["kind"],
    (gauge, read) => {
      for (const [kind, n] of read.recentLeadsByKind) gauge.set({ kind }, n);
    },
  );
  const registry = Registry.merge([processMetrics(), site]);

  return {
    registry,
    timeRequests(req, res, next) {
      const started = process.hrtime.bigint();
      const path = req.path;
      res.once("close", () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        durations.observe(
          {
            route: label(path),
            method: METHODS.has(req.method) ? req.method : "other",
            status: res.writableFinished ? `${Math.floor(res.statusCode / 100)}xx` : "aborted",
          },
          seconds,
        );
      });
      next();
    },
    endpoint(req, res, next) {
      if (req.path !== METRICS_PATH || (req.method !== "GET" && req.method !== "HEAD")) return next();
      res.setHeader("Cache-Control", "no-store");
      if (!bearerTokenMatches(req.get("authorization"), options.token)) {
        res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
        res.status(401).type("text/plain").send("A metrics token is required.");
        return;
      }
      registry.metrics().then(
        (text) => {
          res.setHeader("Content-Type", registry.contentType);
          res.send(text);
        },
        (error: unknown) => next(error),
      );
    },
  };
}

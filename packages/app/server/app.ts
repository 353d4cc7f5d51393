import { createServer, type Server } from "node:http";
import { extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { RESUME_LIMITS } from "@showroom/forms";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import { RouterContextProvider } from "react-router";
import { BUILD_MARKER_PATH } from "../app/components/boot-script.server";
import { cookiesFor, listenOriginOf, settingsFor } from "../app/content/site.server";
import { KeptStores, keepStores } from "../app/content/stores.server";
import { type AppServices, requestContext, servicesContext } from "../app/context";
import { htmlCacheContext } from "../app/html-cache";
import { openCommandChannel } from "../app/server/command-channel/site-channel.server";
import { type Config, loadServerConfig } from "../app/server/config.server";
import { loadKeyring } from "../app/server/crypto/keyring.server";
import { builtPackageRoot, type Database, openDatabase } from "../app/server/db/client.server";
import { makeDataDirPrivate } from "../app/server/db/data-dir.server";
import { experimentsFor, variantOf } from "../app/server/experiments/experiments.server";
import { sweepDrafts } from "../app/server/financing/drafts.server";
import { pullSettingsOf, startFeedPulls } from "../app/server/inventory/feed-pull.server";
import { logError, logInfo, logWarn, setLogFormat, setLogLevel } from "../app/server/log.server";
import { releaseMemoryWhenQuiet } from "../app/server/memory/quiet-release.server";
import { createSiteMetrics } from "../app/server/metrics/metrics.server";
import { startLeadMail } from "../app/server/outbox/lead-mail.server";
import { photoSettingsOf, startPhotoJob } from "../app/server/photos/photo-job.server";
import { photoStoreOf } from "../app/server/photos/photo-settings.server";
import { databaseRateLimiter, memoryRateLimiter, type RateLimiter } from "../app/server/rate-limit.server";
import {
  beforeInventorySwap,
  indexedInventoryVersion,
  inventoryChanged,
  inventoryIndex,
  inventoryIndexCaughtUp,
  keepInventoryVersion,
  stopInventoryIndex,
} from "../app/server/search/snapshot.server";
import { hmacKeyOf } from "../app/server/secrets.server";
import { seedIfEmpty } from "../app/server/seed.server";
import { type OfferRulesSource, openOfferRules } from "../app/server/sell/offer-rules-source.server";
import { openSiteOfferRules, type PublishedOfferRulesSource } from "../app/server/sell/published-offer-rules.server";
import { smsSender } from "../app/server/sms/sms.server";
import { startRetentionJob } from "../app/server/staff/retention.server";
import { sweepSessions } from "../app/server/staff/sessions.server";
import { createValuationProvider } from "../app/server/valuation/create-valuation-provider.server";
import { createVinDecoder } from "../app/server/valuation/vin-decoder.server";
import { canonicalPageRedirect } from "./canonical-path";
import { cookieNotice, cookiesAreSecure, isLoopbackHost, plainHttpCookies } from "./cookie-security";
import { feedUploadGate, uploadLimit } from "./feed-upload-gate";
import { HtmlCache } from "./html-cache";
import { InventoryVersionCache } from "./inventory-version";
import { createPageHandler } from "./page-handler";
import { plainErrors, postBudgets, warnOfUntrustedProxy } from "./request-middleware";
import {
  bodyLimit,
  nonceMiddleware,
  photoImageSources,
  sameOriginOnly,
  securityHeadersFor,
  staffDeskHeaders,
  tagSources,
} from "./security";

/** Hashed build assets never change under one name: cache them for the spec's 100 days, immutably. */
const ASSET_MAX_AGE_SECONDS = 8_640_000;
const MAX_BODY_BYTES = 64 * 1024;

/** The careers form: the résumé's 5 MB, and room for the other fields and the multipart framing. */
const CAREERS_BODY_BYTES = RESUME_LIMITS.maxBytes + MAX_BODY_BYTES;

export interface ServerOptions {
  /** The HTML cache of opted-in pages (docs/decisions/152); null renders every page. Default: a fresh cache. */
  htmlCache?: HtmlCache | null;
  /** The inventory version kept between requests; only when the database reports every write (ADR 156). */
  inventoryVersion?: InventoryVersionCache | null;
}

/** The Express app around React Router: security, compression, static files, rate limits, the router. */
export function createServerApp(services: AppServices, options: ServerOptions = {}) {
  const { config, db } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  // Operators' figures only when METRICS_TOKEN is set (ADR 309); unset, /metrics is the site's 404 and nothing is timed.
  const metrics = config.METRICS_TOKEN
    ? createSiteMetrics({
        db,
        token: config.METRICS_TOKEN,
        routes: build.routes,
        fixedRoutes: { [BUILD_MARKER_PATH]: "build-marker" },
      })
    : null;
  if (metrics) app.use(metrics.timeRequests);
  if (!config.TRUST_PROXY) app.use(warnOfUntrustedProxy());
  // Level 4: documents rendered per request compress in half the time of the default level for a few % more bytes.
  app.use(
    nonceMiddleware,
    securityHeadersFor(tagSources(config), photoImageSources(config)),
    staffDeskHeaders,
    compression({ level: 4 }),
  );
  if (!cookiesAreSecure(config.PUBLIC_ORIGIN)) app.use(plainHttpCookies);
  if (metrics) app.use(metrics.endpoint);

  // build/client, wherever in build/server the bundler placed this code.
  const here = fileURLToPath(new URL(".", import.meta.url));
  const packageRoot = builtPackageRoot(here);
  const clientDir = packageRoot ? join(packageRoot, "build", "client") : resolve(here, "../client");
  // The build writes Brotli and gzip copies of scripts and stylesheets (scripts/precompress-assets.mjs, ADR 365): sent
  // as they are, with Content-Encoding set, so the compression middleware leaves them alone.
  app.use(
    "/assets",
    expressStaticGzip(`${clientDir}/assets`, {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { immutable: true, maxAge: ASSET_MAX_AGE_SECONDS * 1000, index: false },
    }),
  );
  // The build marker the browser polls to learn that a new version is out (ADR 289): never cached anywhere.
  app.get(BUILD_MARKER_PATH, (_req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ version: build.assets.version });
  });
  // Only a path naming a file (favicon.ico) can be one: pages skip the file system lookup.
  const files = express.static(clientDir, { maxAge: "1h", index: false });
  app.use((req: Request, res: Response, next: NextFunction) => (extname(req.path) ? files(req, res, next) : next()));

  app.use(canonicalPageRedirect);
  const feedBytes = config.FEED_MAX_BYTES + MAX_BODY_BYTES;
  app.use(
    sameOriginOnly(config.PUBLIC_ORIGIN),
    feedUploadGate(db, MAX_BODY_BYTES, feedBytes),
    bodyLimit(MAX_BODY_BYTES, uploadLimit(CAREERS_BODY_BYTES, feedBytes)),
  );
  app.use(postBudgets(services.rateLimiter, config));

  app.all(
    "/{*path}",
    createPageHandler({
      // A static import: the routes load with the server, and a test runner's module loader never has to resolve a
      // chunk of the build lazily.
      build: async () => build,
      // The mode is the site's setting, not whatever NODE_ENV the process was started with (a test runner's "test"
      // would show production visitors React Router's development error pages).
      mode: config.NODE_ENV,
      cache: options.htmlCache === undefined ? new HtmlCache() : options.htmlCache,
      db,
      cookies: cookiesFor(config),
      publicOrigin: config.PUBLIC_ORIGIN,
      inventoryVersion: options.inventoryVersion ?? null,
      indexedInventory: () => indexedInventoryVersion(db),
      experimentsKey: async (visitorId) =>
        variantOf(await experimentsFor(config).load(), visitorId, settingsFor(config)).names.join(","),
      getLoadContext: (req, res) =>
        new RouterContextProvider(
          new Map<never, unknown>([
            [servicesContext as never, services],
            [requestContext as never, { nonce: res.locals.nonce as string, clientIp: req.ip ?? "unknown" }],
            [htmlCacheContext as never, { skip: false }],
          ]),
        ),
    }),
  );
  app.use(plainErrors);
  return app;
}

export interface Running {
  url: string;
  /** How lead emails leave: SMTP or .eml files in the data directory. */
  mail: string;
  config: Config;
  database: Database;
  /** The HTML cache, for its statistics; null when started without one. */
  htmlCache: HtmlCache | null;
  /** The count behind the POST limits, for its state. */
  rateLimiter: RateLimiter;
  /**
   * Holds every rebuild of the search index before its swap until the function it returns is called: for tests of
   * what the site serves while a new index is built (docs/decisions/361, 454).
   */
  holdInventorySwaps(): () => void;
  /**
   * Reads OFFER_RULES_DIR again, or the newest published version (SIGHUP); bad rules keep the last good ones and the
   * log says why.
   */
  reloadOfferRules: OfferRulesSource["reload"];
  close(): Promise<void>;
}

/**
 * What start() checks before it opens anything (the environment, the shared secrets, the analyst's offer rules), for
 * a cluster's primary to run once before it forks: a bad setting then stops `node start.mjs` with one message and a
 * non-zero exit instead of crashing every process it starts (ADR 308). Throws the error start() would.
 */
export async function checkConfiguration(env: Record<string, string | undefined> = process.env): Promise<Config> {
  const config = loadServerConfig(env);
  await openOfferRules(config.OFFER_RULES_DIR, () => {});
  return config;
}

/** Boots the site: configuration, database and migrations, the HTTP server, and shutdown on SIGTERM/SIGINT. */
export async function start(
  env: Record<string, string | undefined> = process.env,
  options: { htmlCache?: boolean; releaseMemoryWhenQuiet?: boolean } = {},
): Promise<Running> {
  // Before the configuration is read, so even its errors print as JSON when JSON was asked for.
  setLogFormat(env.LOG_FORMAT === "json" ? "json" : "text");
  const config = loadServerConfig(env);
  setLogLevel(config.LOG_LEVEL);
  const notice = cookieNotice(config.PUBLIC_ORIGIN);
  if (notice) console.warn(notice);
  // Checked before anything opens: invalid analyst rules stop the start with the check's messages.
  const folderRules = config.OFFER_RULES_DIR ? await openOfferRules(config.OFFER_RULES_DIR) : null;
  // The data directory holds leads, mail, texted codes and keys: private to this user, whatever the umask.
  if (config.DATABASE_URL === "memory://") process.umask(0o077);
  else makeDataDirPrivate(config.DATA_DIR);
  // Before the database opens: a missing or wrong key stops the start without leaving anything half open.
  const keys = loadKeyring(config);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    memoryTemplate: config.MEMORY_DATABASE_TEMPLATE,
  });
  let offerRules: PublishedOfferRulesSource;
  try {
    await seedIfEmpty(database.db, logInfo);
    // Without OFFER_RULES_DIR, the newest published version (ADR 341); one that fails the check stops the start.
    offerRules = await openSiteOfferRules(folderRules, database, logInfo);
  } catch (error) {
    await database.close();
    throw error;
  }
  const leadMail = startLeadMail(config, database, { keyring: keys, alertLinkKey: hmacKeyOf(config) });
  const vinDecoder = createVinDecoder();
  try {
    // Unpacking the vPIC snapshot takes a second the first time a machine runs: pay it before serving, not in a POST.
    vinDecoder.open();
  } catch (error) {
    logError("The VIN decoder could not open its database; VINs cannot be decoded until it can", error);
  }
  const services: AppServices = {
    config,
    db: database.db,
    nudgeRelay: leadMail.nudge,
    sell: { offerRules, valuation: createValuationProvider(config), vinDecoder },
    keyring: keys,
    sms: smsSender(config),
    hmacKey: hmacKeyOf(config),
    // One process serves an embedded database (WEB_CONCURRENCY above 1 needs PostgreSQL): its count needs no table.
    rateLimiter: database.kind === "pglite" ? memoryRateLimiter() : databaseRateLimiter(database.db),
  };
  const htmlCache = options.htmlCache === false ? null : new HtmlCache();
  let inventoryVersion: InventoryVersionCache | null = null;
  const unwatch: (() => Promise<void>)[] = [() => offerRules.close()];
  if (database.onInventoryChange) {
    const versions = new InventoryVersionCache();
    unwatch.push(await database.onInventoryChange(() => versions.changed()));
    inventoryVersion = versions;
    keepInventoryVersion(database.db, versions);
  }
  // An import (here, by another instance, or by the import command) starts the new search index at once, beside the
  // one in use (docs/decisions/361).
  // Feed photos are fetched and resized in the background, never on a shopper's request: at start, after each import
  // this process hears of, and for retries (docs/decisions/380).
  const photos = startPhotoJob(database.db, photoSettingsOf(config, photoStoreOf(config)));
  unwatch.push(() => photos.stop());
  if (database.onInventoryNotice) {
    unwatch.push(
      await database.onInventoryNotice(() => {
        inventoryChanged(database.db);
        photos.nudge();
      }),
    );
  }
  if (database.onStoresChange) {
    const kept = new KeptStores();
    unwatch.push(await database.onStoresChange(() => kept.changed()));
    keepStores(database.db, kept);
  }
  const stopWatching = async () => {
    for (const stop of unwatch) await stop();
  };
  const app = createServerApp(services, { htmlCache, inventoryVersion });
  // Disposal of personal data past the retention period, daily; one instance runs it (docs/decisions/224).
  const retention = startRetentionJob(database.db, config.RETENTION_DAYS);
  // Each store's FEED_URL_<STORE ID>, at start and every FEED_PULL_MINUTES; one instance pulls each (ADR 352).
  const feedPulls = startFeedPulls(database.db, config.FEED_URLS, pullSettingsOf(config));
  // Housekeeping every ten minutes: old rate-limit keys, credit application drafts past their 24 hours, dead staff
  // sessions.
  const sweeper = setInterval(() => {
    void services.rateLimiter.sweep().catch(() => {});
    void sweepSessions(database.db).catch((error) => logError("sweeping staff sessions", error));
    void sweepDrafts(database.db).catch((error) => logError("sweeping expired drafts", error));
    if (database.kind === "pglite" && config.DATABASE_URL !== "memory://") {
      try {
        makeDataDirPrivate(config.DATA_DIR);
      } catch (error) {
        logError("keeping the data directory private", error);
      }
    }
  }, 10 * 60_000);
  sweeper.unref();

  let server: Server;
  let commandChannel: { close(): Promise<void> } | null = null;
  try {
    // The first search index is built before the port opens, not by the first shopper's search: at 100,000 cars that
    // search waited 13.6 s (issue 27). Later imports are indexed beside the one in use (docs/decisions/361).
    const indexing = performance.now();
    await inventoryIndexCaughtUp(database.db);
    const { vehicles } = await inventoryIndex(database.db);
    const cars = `${vehicles.length} ${vehicles.length === 1 ? "vehicle" : "vehicles"}`;
    logInfo(`Search index: ${cars}, built in ${Math.round(performance.now() - indexing)} ms`);
    // A client that sends its headers or its body slowly holds a socket only this long (Node's default is 300 s).
    const http = createServer(
      {
        headersTimeout: config.HEADERS_TIMEOUT_MS,
        requestTimeout: config.REQUEST_TIMEOUT_MS,
        connectionsCheckingInterval: Math.min(1000, config.HEADERS_TIMEOUT_MS),
      },
      app,
    );
    server = await new Promise((resolve, reject) => {
      http.once("error", reject);
      http.listen(config.PORT, config.HOST, () => resolve(http));
    });
    // On the embedded database the commands (import, rules) hand their work to this site (ADR 385).
    if (database.kind === "pglite" && config.DATABASE_URL !== "memory://") {
      const { messageDomain } = pullSettingsOf(config);
      const channel = { dataDir: config.DATA_DIR, db: database.db, maxFeedBytes: config.FEED_MAX_BYTES, messageDomain };
      const hold = { holdAbovePercent: config.FEED_HOLD_PERCENT };
      commandChannel = await openCommandChannel({ ...channel, ...hold, warn: logWarn, logError });
    }
  } catch (error) {
    await commandChannel?.close();
    clearInterval(sweeper);
    retention.stop();
    await feedPulls.stop();
    await stopWatching();
    await leadMail.stop();
    vinDecoder.close();
    await database.close();
    throw error;
  }
  // The heap a start or a burst of pages grew into goes back to the system once the site is quiet (ADR 432). Off
  // where the site runs inside another program's process (the in-process tests): that heap is not the site's.
  const quietRelease = options.releaseMemoryWhenQuiet === false ? null : releaseMemoryWhenQuiet(server);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const url = listenOriginOf(config, port);
  // Set before the first request can arrive (this runs in the listen callback's continuation, ahead of any socket).
  services.listenOrigin = url;
  // A listener only this machine reaches (a developer's, a test's) needs no public address.
  if (!config.PUBLIC_ORIGIN && config.NODE_ENV === "production" && !isLoopbackHost(config.HOST)) {
    logWarn(
      `PUBLIC_ORIGIN is not set: canonical links, the sitemap, robots.txt and lead emails name ${url}, and cookies ` +
        "are marked Secure, which browsers keep only over HTTPS and on localhost. Set PUBLIC_ORIGIN to the site's " +
        "public address (https://www.example.com; http://… for a plain-HTTP test box).",
    );
  }

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      clearInterval(sweeper);
      quietRelease?.stop();
      retention.stop();
      // A pull in flight is aborted and recorded before the database closes.
      await feedPulls.stop();
      // server.close() waits for the requests in flight and also stops Node's checks that time out slow ones: a
      // client sending its body a byte at a time held the stop, and the database's close, for as long as it kept on
      // (ADR 450). Past the grace its connection is cut.
      const cut = setTimeout(() => server.closeAllConnections(), config.STOP_GRACE_MS);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      clearTimeout(cut);
      server.closeAllConnections();
      // A command's import in flight finishes before the database closes.
      await commandChannel?.close();
      // Sends in flight finish (or are left to their lease) before the database they report to closes.
      await leadMail.stop();
      await stopWatching();
      stopInventoryIndex(database.db);
      vinDecoder.close();
      await database.close();
    })();
    return closing;
  };
  return {
    url,
    mail: leadMail.description,
    config,
    database,
    htmlCache,
    rateLimiter: services.rateLimiter,
    holdInventorySwaps() {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const removeGate = beforeInventorySwap(database.db, () => held);
      return () => {
        removeGate();
        release();
      };
    },
    reloadOfferRules: () => offerRules.reload(),
    close,
  };
}

import { randomBytes } from "node:crypto";
import { defaultOfferRules, defaultOfferRulesVersion } from "@showroom/rules/offer";
import { VinDecodeError } from "@showroom/rules/questionnaire";
import type { AppServices, SellServices } from "../context";
import type { Config } from "../server/config.server";
import { keyring, masterKey } from "../server/crypto/envelope.server";
import type { Db } from "../server/db/client.server";
import { defaultPopups } from "../server/experiments/experiments.server";
import { memoryRateLimiter } from "../server/rate-limit.server";
import type { SmsMessage, SmsSender } from "../server/sms/sms.server";
import { createDemoValuation } from "../server/valuation/demo-valuation.server";
import { visitorCookies } from "../server/visitor.server";
import { siteContent } from "./fixtures.server";
import type { Site } from "./site.server";

/**
 * The sell/trade services of a unit test: the package's offer rules, the demo book, and a VIN decoder that refuses
 * to decode (a test that decodes provides its own).
 */
export function testSellServices(overrides: Partial<SellServices> = {}): SellServices {
  const fixed = { rules: defaultOfferRules, version: defaultOfferRulesVersion, dir: null };
  return {
    offerRules: { current: () => fixed, reload: async () => ({ ok: true, version: fixed.version }) },
    valuation: createDemoValuation(),
    vinDecoder: {
      decode: async () => {
        throw new VinDecodeError("unavailable");
      },
      open: () => {},
      close: () => {},
    },
    ...overrides,
  };
}

/** A site for unit tests: the real fixtures, the production settings, the given store picked. */
export function testSite(storeId = "brentwood", db: Db = {} as Db): Site {
  const content = siteContent();
  const stores = content.dealers.map((dealer) => ({ id: dealer.id, dealer }));
  const store = stores.find((s) => s.id === storeId) ?? stores[0];
  if (!store) throw new Error("no store in the fixtures");
  const services: AppServices = {
    config: { NODE_ENV: "production" } as Config,
    db,
    nudgeRelay: () => {},
    sell: testSellServices(),
    rateLimiter: memoryRateLimiter(),
    ...testSecrets(),
  };
  const cookies = visitorCookies("a-unit-test-secret-that-is-long-enough-0000");
  return {
    services,
    content,
    settings: content.settings.production,
    stores,
    store,
    origin: "https://www.confluencemotors.example",
    cookies,
    visitor: cookies.newVisitorIdentity(),
    experiments: { names: [], settings: content.settings.production, popups: defaultPopups(), langs: {} },
  };
}

/**
 * Calls a route's server function with `request` and `site` as that request sees it: with the request's visitor,
 * identified once as the site middleware does (docs/decisions/360). A test that sends several requests through one
 * site passes each through this.
 */
export async function served<S extends Site, R>(
  site: S,
  request: Request,
  run: (site: S, request: Request) => R | Promise<R>,
): Promise<R> {
  return run({ ...site, visitor: await site.cookies.identify(request) }, request);
}

/** A text sender that keeps what it was asked to send, for tests to read the code as a phone would. */
export function recordingSms(): SmsSender & { sent: SmsMessage[] } {
  const sent: SmsMessage[] = [];
  return {
    description: "recorded in memory",
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

/** The keys and text sender of a test server: a fresh master key, an HMAC key and a recording sender. */
export function testSecrets(): Pick<AppServices, "keyring" | "sms" | "hmacKey"> & {
  sms: ReturnType<typeof recordingSms>;
} {
  return { keyring: keyring(masterKey(randomBytes(32))), sms: recordingSms(), hmacKey: randomBytes(32) };
}

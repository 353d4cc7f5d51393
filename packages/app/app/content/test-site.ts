import { defaultOfferRules, defaultOfferRulesVersion } from "@showroom/rules/offer";
import { VinDecodeError } from "@showroom/rules/questionnaire";
import type { AppServices, SellServices } from "../context";
import type { Config } from "../server/config.server";
import type { Db } from "../server/db/client.server";
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
  };
  return {
    services,
    content,
    settings: content.settings.production,
    stores,
    store,
    origin: "https://www.confluencemotors.example",
    cookies: visitorCookies("a-unit-test-secret-that-is-long-enough-0000"),
  };
}

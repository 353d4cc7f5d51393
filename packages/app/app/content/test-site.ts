import type { AppServices } from "../context";
import type { Config } from "../server/config.server";
import type { Db } from "../server/db/client.server";
import { visitorCookies } from "../server/visitor.server";
import { siteContent } from "./fixtures.server";
import type { Site } from "./site.server";

/** A site for unit tests: the real fixtures, the production settings, the given store picked. */
export function testSite(storeId = "brentwood", db: Db = {} as Db): Site {
  const content = siteContent();
  const stores = content.dealers.map((dealer) => ({ id: dealer.id, dealer }));
  const store = stores.find((s) => s.id === storeId) ?? stores[0];
  if (!store) throw new Error("no store in the fixtures");
  const services: AppServices = { config: { NODE_ENV: "production" } as Config, db, nudgeRelay: () => {} };
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

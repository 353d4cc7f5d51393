import type { SiteSettings } from "@showroom/fixtures";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { type AppServices, servicesContext } from "../context";
import type { Config } from "../server/config.server";
import { type ExperimentVariant, experimentsFor, variantOf } from "../server/experiments/experiments.server";
import { sessionSecret } from "../server/secrets.server";
import { type VisitorCookies, type VisitorIdentity, visitorCookies } from "../server/visitor.server";
import { type SiteContent, siteContent } from "./fixtures.server";
import { defaultStore, listStores, type Store } from "./stores.server";
import { withTranslationOverrides } from "./translations.server";

/** What every page of a request shares: content, settings, the stores and the one the visitor picked. */
export interface Site {
  readonly services: AppServices;
  readonly content: SiteContent;
  readonly settings: SiteSettings;
  readonly stores: readonly Store[];
  readonly store: Store;
  /** `https://example.com`: the public origin canonical and social URLs are built on. */
  readonly origin: string;
  readonly cookies: VisitorCookies;
  /**
   * This request's visitor: identified once, by the site middleware, and read from here by every loader and action
   * of the request (docs/decisions/360). Its cookie is signed only by a response that sends it.
   */
  readonly visitor: VisitorIdentity;
  /** The experiments this visitor is in and what they change; `settings` above already has theirs merged. */
  readonly experiments: ExperimentVariant;
}

const cookiesByConfig = new WeakMap<Config, VisitorCookies>();

/**
 * The visitor cookies of this server. The lead's services do not carry them yet, so they are made here from the same
 * session secret the rest of the server uses (SESSION_SECRET or the one kept in the data directory).
 */
export function cookiesFor(config: Config): VisitorCookies {
  let cookies = cookiesByConfig.get(config);
  if (!cookies) {
    cookies = visitorCookies(sessionSecret(config));
    cookiesByConfig.set(config, cookies);
  }
  return cookies;
}

/** The settings the server runs with: production's in production, the base configuration otherwise. */
export function settingsFor(config: Config): SiteSettings {
  const { settings } = siteContent();
  return config.NODE_ENV === "production" ? settings.production : settings.base;
}

/**
 * The public origin: PUBLIC_ORIGIN when configured, otherwise the origin the server listens on. Never the request's
 * Host (or X-Forwarded-Host): any client can send `Host: evil.example`, and a canonical link, a sitemap or a lead's
 * listing link built from it would point shoppers and crawlers at that host (ADR 230).
 */
export function originOf(services: Pick<AppServices, "config" | "listenOrigin">): string {
  const { config, listenOrigin } = services;
  if (config.PUBLIC_ORIGIN) return new URL(config.PUBLIC_ORIGIN).origin;
  return listenOrigin ?? listenOriginOf(config);
}

/** `http://localhost:3000` for HOST 0.0.0.0 (or ::), `http://HOST:PORT` otherwise: where the operator said to listen. */
export function listenOriginOf(config: Pick<Config, "HOST" | "PORT">, port: number = config.PORT): string {
  const wildcard = config.HOST === "0.0.0.0" || config.HOST === "::" || config.HOST === "[::]";
  const host = wildcard ? "localhost" : config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${port}`;
}

async function resolveSite(
  request: Request,
  services: AppServices,
  visitor: VisitorIdentity,
  variant: ExperimentVariant,
): Promise<Site> {
  const { config, db } = services;
  const stores = await listStores(db);
  const cookies = cookiesFor(config);
  const picked = await cookies.selectedStore(
    request,
    stores.map((s) => s.id),
  );
  return {
    services,
    content: siteContent(),
    settings: variant.settings,
    experiments: variant,
    stores,
    store: stores.find((s) => s.id === picked) ?? defaultStore(stores),
    origin: originOf(services),
    cookies,
    visitor,
  };
}

const siteContext = createContext<() => Promise<Site>>();

/**
 * Root middleware: identifies the visitor once for the whole request (docs/decisions/360) and makes the site of this
 * request available to every loader and action, resolved on first use so resource routes that never ask (pictures,
 * robots.txt) pay for no store lookup.
 */
export const siteMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const services = context.get(servicesContext);
  const { config } = services;
  const visitor = await cookiesFor(config).identify(request);
  // Only a verified id is assigned: a visitor the page handler did not name (a bot) sees the defaults (ADR 287).
  const variant = variantOf(
    await experimentsFor(config).load(),
    visitor.known ? visitor.visitorId : null,
    settingsFor(config),
  );
  let site: Promise<Site> | undefined;
  context.set(siteContext, () => {
    site ??= resolveSite(request, services, visitor, variant);
    return site;
  });
  // An experiment's `langs` must be in place before any loader picks a string (ADR 287).
  return withTranslationOverrides(variant.langs, next);
};

/** The site of the current request (see {@link siteMiddleware}). */
export function getSite(context: Readonly<RouterContextProvider>): Promise<Site> {
  return context.get(siteContext)();
}

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import experimentsJson from "@showroom/fixtures/content/experiments.json" with { type: "json" };
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteContent } from "../../content/fixtures.server";
import { loadConfig } from "../config.server";
import { experimentBucket } from "./assignment";
import { defaultPopups, experimentsFor, localExperiments, remoteExperiments, variantOf } from "./experiments.server";

const base = siteContent().settings.production;

/** A user id whose bucket for `name` is below (inside) or at or above (outside) `allocation`. */
function idFor(name: string, allocation: number, inside: boolean): string {
  for (let i = 0; ; i += 1) {
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
    if (experimentBucket(name, id) < allocation === inside) return id;
  }
}

describe("experiment variants", () => {
  it("a visitor in the cookie-banner experiment gets tier 2 and every other setting unchanged", async () => {
    const file = await localExperiments().load();
    const variant = variantOf(file, idFor("cookie-banner-two-buttons", 0.2, true), base);
    expect(variant.names).toContain("cookie-banner-two-buttons");
    expect(variant.settings.cookies).toEqual({ ...base.cookies, tier: 2 });
    expect({ ...variant.settings, cookies: base.cookies }).toEqual(base);
  });

  it("a visitor in no experiment, or without an id, runs on exactly the configured settings and the fixture popups", async () => {
    const file = await localExperiments().load();
    const outside = `${idFor("cookie-banner-two-buttons", 0.2, false)}`;
    for (const id of [null, outside]) {
      const variant = variantOf(file, id, base);
      expect(variant.names).not.toContain("cookie-banner-two-buttons");
      if (variant.names.length === 0) {
        expect(variant.settings).toEqual(base);
        expect(variant.popups).toBe(defaultPopups());
      }
    }
  });

  it("EXPERIMENTS=off puts every visitor in no experiment, even one the fixture would assign; on (the default) runs the fixture", async () => {
    const inTier2 = idFor("cookie-banner-two-buttons", 0.2, true);
    const off = await experimentsFor(loadConfig({ EXPERIMENTS: "off" })).load();
    expect(variantOf(off, inTier2, base).names).toEqual([]);
    expect(variantOf(off, inTier2, base).settings).toEqual(base);
    const on = await experimentsFor(loadConfig({})).load();
    expect(variantOf(on, inTier2, base).names).toContain("cookie-banner-two-buttons");
    expect(() => loadConfig({ EXPERIMENTS: "maybe" })).toThrow(/EXPERIMENTS: must be "on" or "off"/);
  });

  it("langs merge key by key into the overrides, and a popups parameter replaces the list (invalid popups left out)", () => {
    const file = {
      defaults: { settings: {}, popups: null, langs: {} },
      experiments: [
        {
          name: "everyone",
          description: "All of it.",
          allocation: 1,
          parameters: {
            langs: { en: { common: { labels: { sellOrTrade: "Get my offer" } } } },
            popups: [
              { id: "only-one", conditions: [], component: { type: "html", data: { html: "<p>Hi</p>" } } },
              { id: "broken", conditions: "no" },
            ],
          },
        },
      ],
    };
    const variant = variantOf(file as never, "any-id", base);
    expect(variant.langs).toEqual({ en: { common: { labels: { sellOrTrade: "Get my offer" } } } });
    expect(variant.popups.map((p) => p.id)).toEqual(["only-one"]);
  });

  it("whatever the id, the variant's settings are the configured ones with only experiment keys changed", async () => {
    const file = await localExperiments().load();
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        const variant = variantOf(file, id, base);
        expect(variant.settings.cookies.tier).toBe(
          variant.names.includes("cookie-banner-two-buttons") ? 2 : base.cookies.tier,
        );
        expect(variant.settings.languages).toEqual(base.languages);
      }),
    );
  });

  it("an invalid fixture leaves the client failed and the site on defaults", async () => {
    const provider = localExperiments({ experiments: "nope" });
    expect(provider.status()).toBe("uninitialized");
    expect((await provider.load()).experiments).toEqual([]);
    expect(provider.status()).toBe("failed");
    expect(localExperiments(experimentsJson).status()).toBe("uninitialized");
  });
});

describe("remote experiments provider", () => {
  let server: Server;
  let url: string;
  let answer: (res: import("node:http").ServerResponse) => void;
  beforeAll(async () => {
    server = createServer((_req, res) => answer(res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/experiments`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers the service's experiments when it answers in time: Uninitialized, then Ready", async () => {
    answer = (res) => res.setHeader("content-type", "application/json").end(JSON.stringify(experimentsJson));
    const provider = remoteExperiments(url, 500);
    expect(provider.status()).toBe("uninitialized");
    const file = await provider.load();
    expect(file.experiments.map((e) => e.name)).toEqual(experimentsJson.experiments.map((e) => e.name));
    expect(provider.status()).toBe("ready");
  });

  it("a service that does not answer within the timeout leaves the site on defaults, within two attempts' time", async () => {
    answer = () => {};
    const provider = remoteExperiments(url, 150);
    const started = Date.now();
    const file = await provider.load();
    expect(file.experiments).toEqual([]);
    expect(provider.status()).toBe("failed");
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("an answer of the wrong shape is a failure, never a crash", async () => {
    answer = (res) => res.setHeader("content-type", "application/json").end('{"experiments":[{"name":1}]}');
    const provider = remoteExperiments(url, 500);
    expect((await provider.load()).experiments).toEqual([]);
    expect(provider.status()).toBe("failed");
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.server";
import { nonPublicRange, parseAllowance } from "./photo-address.server";
import { fetchPhoto, MAX_REDIRECTS } from "./photo-fetch.server";

/** An address in `base`/`bits`, the rest of its bits drawn: every such address is in the range. */
function inV4(base: [number, number, number, number], bits: number) {
  const prefix = (((base[0] << 24) | (base[1] << 16) | (base[2] << 8) | base[3]) >>> 0) >>> (32 - bits);
  return fc.integer({ min: 0, max: 2 ** (32 - bits) - 1 }).map((rest) => {
    const n = bits === 0 ? rest : ((prefix * 2 ** (32 - bits)) >>> 0) + rest;
    return [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join(".");
  });
}

/** An IPv6 address whose first `bits` bits are `base`'s (bits a multiple of 4 here, so hex digits do). */
function inV6(base: string, bits: number) {
  const head = base
    .replace(/:/g, "")
    .padEnd(32, "0")
    .slice(0, bits / 4);
  return fc
    .array(fc.constantFrom(..."0123456789abcdef"), { minLength: 32 - head.length, maxLength: 32 - head.length })
    .map((tail) => `${head}${tail.join("")}`)
    .map((hex) => hex.match(/.{4}/g)?.join(":") ?? "");
}

const privateV4 = fc.oneof(
  inV4([0, 0, 0, 0], 8), // unspecified ("this network")
  inV4([10, 0, 0, 0], 8),
  inV4([100, 64, 0, 0], 10), // CGNAT
  inV4([127, 0, 0, 0], 8),
  inV4([169, 254, 0, 0], 16), // link-local, the cloud's metadata service
  inV4([172, 16, 0, 0], 12),
  inV4([192, 168, 0, 0], 16),
  inV4([224, 0, 0, 0], 4), // multicast
  inV4([240, 0, 0, 0], 4), // reserved, and the broadcast address
);

const privateV6 = fc.oneof(
  fc.constantFrom("::", "::1"),
  inV6("fe80", 12).filter((a) => /^fe[89ab]/.test(a)), // link-local fe80::/10
  inV6("fc00", 8),
  inV6("fd00", 8), // unique-local fc00::/7
  inV6("ff00", 8), // multicast
  privateV4.map((v4) => `::ffff:${v4}`), // IPv4-mapped
  privateV4.map((v4) => `64:ff9b::${v4}`), // NAT64
  privateV4.map((v4) => `::${v4}`), // the deprecated IPv4-compatible form
);

/** A host that answers each path as set and records what it was asked. */
class Host {
  requests: string[] = [];
  routes = new Map<string, (res: ServerResponse) => void>();
  private server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    this.requests.push(req.url ?? "");
    const route = this.routes.get(req.url ?? "");
    if (route) route(res);
    else res.writeHead(404).end();
  });
  port = 0;

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(resolve));
  }
}

const PHOTO = Buffer.from("pretend these are a photo's bytes");
const options = (allow: string[] = []) => ({
  maxBytes: 1_000_000,
  signal: AbortSignal.timeout(5000),
  allowance: parseAllowance(allow),
});

describe("the photo fetcher's address policy (ADR 405)", () => {
  const host = new Host();
  beforeAll(() => host.start());
  afterAll(() => host.stop());
  beforeEach(() => {
    host.requests = [];
    host.routes.clear();
    host.routes.set("/car.jpg", (res) => res.writeHead(200, { "content-type": "image/jpeg" }).end(PHOTO));
  });
  const on = (name: string, path: string) => `http://${name}:${host.port}${path}`;

  it("every loopback, private, link-local, CGNAT, unique-local, multicast or unspecified address is refused, in both families", () => {
    fc.assert(
      fc.property(fc.oneof(privateV4, privateV6), (address) => {
        expect(nonPublicRange(address)).not.toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it("a photo URL naming a private address literally is never connected to, whatever the address", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(privateV4, privateV6), async (address) => {
        const literal = address.includes(":") ? `[${address}]` : address;
        const got = await fetchPhoto(`http://${literal}:${host.port}/car.jpg`, options());
        expect(got.kind).toBe("blocked");
      }),
      { numRuns: 200 },
    );
    expect(host.requests).toEqual([]);
  });

  it("public addresses of both families pass", () => {
    for (const address of [
      "8.8.8.8",
      "93.184.216.34",
      "151.101.1.69",
      "2606:4700:4700::1111",
      "2a00:1450:4001::200e",
    ]) {
      expect(nonPublicRange(address)).toBeNull();
    }
    expect(nonPublicRange("::ffff:8.8.8.8")).toBeNull();
  });

  it("a local host is reached only when the operator allows it, by address or by name", async () => {
    expect(await fetchPhoto(on("127.0.0.1", "/car.jpg"), options())).toEqual({
      kind: "blocked",
      reason: "127.0.0.1 is not a public address (loopback)",
    });
    // A name is checked on the addresses it resolves to, in the socket's own lookup.
    const byName = await fetchPhoto(on("localhost", "/car.jpg"), options());
    expect(byName).toMatchObject({
      kind: "blocked",
      reason: expect.stringMatching(/^localhost: .* is not a public address \(loopback\)$/),
    });
    expect(host.requests).toEqual([]);

    expect(await fetchPhoto(on("127.0.0.1", "/car.jpg"), options(["127.0.0.1"]))).toEqual({
      kind: "body",
      body: PHOTO,
    });
    expect(await fetchPhoto(on("127.0.0.1", "/car.jpg"), options(["127.0.0.0/8"]))).toEqual({
      kind: "body",
      body: PHOTO,
    });
    expect(await fetchPhoto(on("localhost", "/car.jpg"), options(["localhost"]))).toEqual({
      kind: "body",
      body: PHOTO,
    });
    expect(host.requests).toEqual(["/car.jpg", "/car.jpg", "/car.jpg"]);
  });

  it("every redirect hop is held to the policy: an allowed host cannot send the fetcher to a private address", async () => {
    host.routes.set("/to-self", (res) => res.writeHead(302, { location: on("127.0.0.1", "/car.jpg") }).end());
    host.routes.set("/to-metadata", (res) =>
      res.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/" }).end(),
    );
    host.routes.set("/to-v6", (res) =>
      res.writeHead(307, { location: `http://[::ffff:127.0.0.1]:${host.port}/` }).end(),
    );
    host.routes.set("/to-file", (res) => res.writeHead(302, { location: "file:///etc/passwd" }).end());
    host.routes.set("/relative", (res) => res.writeHead(302, { location: "/car.jpg" }).end());
    // Only the name is allowed: the hop to 127.0.0.1 by address is not.
    const allowName = options(["localhost"]);
    expect(await fetchPhoto(on("localhost", "/to-self"), allowName)).toEqual({
      kind: "blocked",
      reason: "127.0.0.1 is not a public address (loopback)",
    });
    expect(await fetchPhoto(on("localhost", "/to-metadata"), allowName)).toEqual({
      kind: "blocked",
      reason: "169.254.169.254 is not a public address (link-local)",
    });
    expect(await fetchPhoto(on("localhost", "/to-v6"), allowName)).toMatchObject({ kind: "blocked" });
    expect(await fetchPhoto(on("localhost", "/to-file"), allowName)).toEqual({
      kind: "blocked",
      reason: "it leads to a file: address, not http or https",
    });
    expect(host.requests).toEqual(["/to-self", "/to-metadata", "/to-v6", "/to-file"]);
    // A redirect within the allowed host is followed.
    expect(await fetchPhoto(on("localhost", "/relative"), allowName)).toEqual({ kind: "body", body: PHOTO });
  });

  it(`redirects are followed at most ${MAX_REDIRECTS} times`, async () => {
    host.routes.set("/loop", (res) => res.writeHead(302, { location: "/loop" }).end());
    expect(await fetchPhoto(on("127.0.0.1", "/loop"), options(["127.0.0.1"]))).toEqual({ kind: "redirects" });
    expect(host.requests).toHaveLength(MAX_REDIRECTS + 1);
  });

  it("PHOTO_FETCH_ALLOW takes names, addresses and ranges, and refuses anything else by name", () => {
    expect(loadConfig({}).PHOTO_FETCH_ALLOW).toEqual([]);
    expect(loadConfig({ PHOTO_FETCH_ALLOW: " photos.internal, 10.0.0.5 ,fd00::/8,[::1]" }).PHOTO_FETCH_ALLOW).toEqual([
      "photos.internal",
      "10.0.0.5",
      "fd00::/8",
      "[::1]",
    ]);
    expect(() => loadConfig({ PHOTO_FETCH_ALLOW: "http://photos.internal/" })).toThrow(
      /PHOTO_FETCH_ALLOW: http:\/\/photos.internal\/ is neither a host name, an IP address nor a CIDR range/,
    );
    expect(parseAllowance(["[::1]"]).ranges).toHaveLength(1);
  });
});

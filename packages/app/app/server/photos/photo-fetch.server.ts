import { type LookupAddress, lookup } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { Readable } from "node:stream";
import { boundedBytes } from "../inventory/feed-fetch.server";
import { type AddressAllowance, refusal } from "./photo-address.server";

/** Hops a photo's address may redirect through before the photo counts as unreachable. */
export const MAX_REDIRECTS = 5;

/** The connection was refused by the address policy: the answer is the same until the feed or the setting changes. */
class BlockedAddress extends Error {
  override name = "BlockedAddress";
}

export type PhotoResponse =
  | { kind: "body"; body: Buffer }
  | { kind: "status"; status: number }
  | { kind: "blocked"; reason: string }
  | { kind: "redirects" };

export interface PhotoFetchOptions {
  maxBytes: number;
  signal: AbortSignal;
  allowance: AddressAllowance;
}

/**
 * The socket's own name lookup, checked: every address DNS gives is held to the policy and only those allowed reach
 * `connect`. The check is on the address the socket is about to use, not on an earlier, separate lookup, so a name
 * whose DNS answers a public address first and a private one next (rebinding) cannot slip past it.
 */
function guardedLookup(host: string, allowance: AddressAllowance): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const allowed = found.filter(({ address }) => refusal(host, address, allowance) === null);
      const [first] = allowed;
      if (!first) {
        const why = refusal(host, found[0]?.address ?? "", allowance) ?? "no address";
        return callback(new BlockedAddress(`${hostname}: ${why}`), "", 0);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, first.address, first.family);
    });
  };
}

/** One GET, its response as soon as the headers are in; the socket connects only where the policy allows. */
function get(url: URL, options: PhotoFetchOptions): Promise<IncomingMessage> {
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  // A literal address never goes through `lookup` (Node connects to it directly), so it is checked here.
  if (isIP(host)) {
    const why = refusal(host, host, options.allowance);
    if (why) return Promise.reject(new BlockedAddress(why));
  }
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "GET",
      headers: { accept: "image/avif, image/webp, image/jpeg, image/png;q=0.9, */*;q=0.1" },
      lookup: guardedLookup(host, options.allowance),
      signal: options.signal,
      // A pooled socket could have been opened for another name; each request makes its own.
      agent: false,
    });
    req.once("response", resolve);
    req.once("error", reject);
    req.end();
  });
}

/**
 * The photo at `address`: one GET, following at most {@link MAX_REDIRECTS} redirects, each hop held to the address
 * policy (ADR 405), only to http and https, and the body read up to `maxBytes` (throws `TooLarge` past it). Network
 * failures and the caller's signal throw; everything else is an answer.
 */
export async function fetchPhoto(address: string, options: PhotoFetchOptions): Promise<PhotoResponse> {
  let url = new URL(address);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      return { kind: "blocked", reason: `it leads to a ${url.protocol} address, not http or https` };
    }
    let response: IncomingMessage;
    try {
      response = await get(url, options);
    } catch (error) {
      if (error instanceof BlockedAddress) return { kind: "blocked", reason: error.message };
      throw error;
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.destroy();
      url = new URL(location, url);
      continue;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      return { kind: "status", status };
    }
    const length = response.headers["content-length"];
    const body = new Response(Readable.toWeb(response) as ReadableStream<Uint8Array>, {
      headers: length ? { "content-length": length } : {},
    });
    return { kind: "body", body: await boundedBytes(body, options.maxBytes) };
  }
  return { kind: "redirects" };
}

import ipaddr from "ipaddr.js";

/**
 * The addresses the photo fetcher may connect to (ADR 405). A feed names its photos, so without this a feed could make
 * the server fetch `http://127.0.0.1:5432/`, the cloud's metadata service at 169.254.169.254, or a name that resolves
 * to the private network. Only public unicast addresses are reached: ipaddr.js names every special range of both
 * families (loopback, RFC 1918, link-local, CGNAT, unique-local, multicast, unspecified, documentation, benchmarking,
 * the NAT64/6to4/Teredo prefixes that embed an IPv4 address…), and an IPv6 address must also be in 2000::/3, the only
 * block IANA hands out for global unicast, so the deprecated IPv4-compatible `::a.b.c.d` is refused too.
 */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

/** ipaddr.js's range names as the photo's reason words them; any other stays its own name. */
const RANGE_WORDS: Readonly<Record<string, string>> = {
  linkLocal: "link-local",
  carrierGradeNat: "carrier-grade NAT",
  uniqueLocal: "unique-local",
  private: "private network",
  rfc6052: "NAT64",
  rfc6145: "IPv4-translated",
  deprecatedSiteLocal: "site-local",
};

/** Why `address` is no public unicast address (`loopback`, `private`…), or null when it is one. */
export function nonPublicRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return "not an IP address";
  // An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is the IPv4 address it maps.
  const ip = ipaddr.process(address);
  const range = ip.range();
  if (range !== "unicast") return range;
  if (ip.kind() === "ipv6" && !ip.match(GLOBAL_UNICAST_V6)) return "reserved";
  return null;
}

/**
 * The operator's exceptions (`PHOTO_FETCH_ALLOW`): host names, whose addresses are then trusted whatever they are, and
 * IP addresses or CIDR ranges, trusted whichever name led to them.
 */
export interface AddressAllowance {
  hosts: ReadonlySet<string>;
  ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

/** Reads `PHOTO_FETCH_ALLOW`'s entries; throws on one that is neither a host name, an address nor a range. */
export function parseAllowance(entries: readonly string[]): AddressAllowance {
  const hosts = new Set<string>();
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const raw of entries) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[(.*)\]$/, "$1");
    if (ipaddr.isValidCIDR(entry)) ranges.push(ipaddr.parseCIDR(entry));
    else if (ipaddr.isValid(entry)) {
      const ip = ipaddr.process(entry);
      ranges.push([ip, ip.kind() === "ipv4" ? 32 : 128]);
    } else if (isHostName(entry)) hosts.add(entry);
    else throw new Error(`${raw} is neither a host name, an IP address nor a CIDR range`);
  }
  return { hosts, ranges };
}

/** A DNS name as URLs carry it: dot-separated labels of letters, digits and hyphens. */
function isHostName(value: string): boolean {
  return (
    value.length <= 253 &&
    value.split(".").every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label)) &&
    !/^[0-9.]+$/.test(value)
  );
}

/**
 * Null when the fetcher may connect to `address` for `host` (the URL's host name, lower case), else why not, in words
 * for the photo's row (`127.0.0.1 is not a public address (loopback)`).
 */
export function refusal(host: string, address: string, allowance: AddressAllowance): string | null {
  const range = nonPublicRange(address);
  if (range === null || allowance.hosts.has(host)) return null;
  if (ipaddr.isValid(address)) {
    const ip = ipaddr.process(address);
    if (allowance.ranges.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits))) return null;
  }
  return `${address} is not a public address (${RANGE_WORDS[range] ?? range})`;
}

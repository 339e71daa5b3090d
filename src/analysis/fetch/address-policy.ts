import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { AnalysisError } from '../errors.js';

/** Resolves a host name to every address it has, as the connection would see them. */
export type Lookup = (
  hostname: string,
) => Promise<{ address: string; family: number }[]>;

export const systemLookup: Lookup = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * The address as the WHATWG URL parser would normalise it: `0x7f.1`, `2130706433`,
 * `127.1` and `[::ffff:7f00:1]` all become one canonical literal; null for a DNS name.
 */
export function parseAddress(host: string): Address | null {
  let hostname = host.trim();
  if (!hostname.startsWith('[') && hostname.includes(':'))
    hostname = `[${hostname}]`;
  try {
    hostname = new URL(`http://${hostname}/`).hostname;
  } catch {
    return null;
  }
  const literal = hostname.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(literal)) return null;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is the IPv4 address it maps to.
  return ipaddr.process(literal);
}

/**
 * The range an address belongs to, by ipaddr.js's table ("unicast" for public ones),
 * with the IPv4 address inside NAT64 and 6to4 prefixes classified for what it is.
 */
export function classifyAddress(address: string): string {
  const parsed = parseAddress(address);
  if (!parsed) return 'invalid';
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    const range = v6.range();
    const embedded = embeddedIPv4(v6, range);
    if (embedded) {
      const inner = embedded.range();
      return inner === 'unicast' ? range : inner;
    }
    return range;
  }
  return parsed.range();
}

function embeddedIPv4(address: ipaddr.IPv6, range: string): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  if (range === 'rfc6052')
    return ipaddr.fromByteArray(bytes.slice(12)) as ipaddr.IPv4;
  if (range === '6to4')
    return ipaddr.fromByteArray(bytes.slice(2, 6)) as ipaddr.IPv4;
  return null;
}

/** Ranges a service on the public internet never needs to reach. */
const PUBLIC_RANGES = new Set(['unicast']);

interface AllowedRange {
  address: Address;
  prefix: number;
}

/**
 * API.md's address policy: only public unicast addresses, except the host names,
 * addresses and CIDR ranges of ANALYZER_ALLOW_HOSTS.
 */
export class AddressPolicy {
  private readonly names = new Set<string>();
  private readonly ranges: AllowedRange[] = [];

  constructor(allowHosts: readonly string[] = []) {
    for (const entry of allowHosts.map((h) => h.trim()).filter(Boolean)) {
      const range = parseRange(entry);
      if (range) this.ranges.push(range);
      else this.names.add(normaliseName(entry));
    }
  }

  /** Why a connection to `address` (for `hostname`) is refused, or null when allowed. */
  refusal(address: string, hostname?: string): string | null {
    if (hostname && this.names.has(normaliseName(hostname))) return null;
    const parsed = parseAddress(address);
    if (!parsed) return 'invalid address';
    if (this.ranges.some((r) => inRange(parsed, r))) return null;
    const range = classifyAddress(parsed.toString());
    return PUBLIC_RANGES.has(range) ? null : range;
  }
}

function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}

function parseRange(entry: string): AllowedRange | null {
  const [host, bits] = entry.split('/');
  const address = parseAddress(host);
  if (!address) return null;
  const max = address.kind() === 'ipv4' ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) return null;
  return { address, prefix };
}

function inRange(address: Address, range: AllowedRange): boolean {
  if (address.kind() !== range.address.kind()) return false;
  return address.match(range.address, range.prefix);
}

/**
 * The address a connection to `hostname` will use, after the policy: IP literals are
 * checked as they are, names are resolved and the first allowed address is chosen.
 */
export async function resolveAllowed(
  hostname: string,
  policy: AddressPolicy,
  lookup: Lookup = systemLookup,
): Promise<{ address: string; family: 4 | 6 }> {
  const literal = parseAddress(hostname);
  if (literal) {
    const address = literal.toString();
    refuseUnless(policy, address, hostname);
    return { address, family: literal.kind() === 'ipv4' ? 4 : 6 };
  }
  let found: { address: string; family: number }[];
  try {
    found = await lookup(hostname);
  } catch (error) {
    throw new AnalysisError(
      'dns',
      `The host ${hostname} could not be resolved (${codeOf(error)}).`,
    );
  }
  if (found.length === 0) {
    throw new AnalysisError('dns', `The host ${hostname} has no address.`);
  }
  for (const candidate of found) {
    if (policy.refusal(candidate.address, hostname) === null) {
      const parsed = parseAddress(candidate.address);
      return {
        address: parsed ? parsed.toString() : candidate.address,
        family: parsed?.kind() === 'ipv6' ? 6 : 4,
      };
    }
  }
  refuseUnless(policy, found[0].address, hostname);
  throw new AnalysisError(
    'blocked',
    `The host ${hostname} resolves to a refused address.`,
  );
}

function refuseUnless(
  policy: AddressPolicy,
  address: string,
  hostname: string,
): void {
  const reason = policy.refusal(address, hostname);
  if (reason !== null) {
    throw new AnalysisError(
      'blocked',
      `The address ${address} of ${hostname} is not allowed (${reason}).`,
    );
  }
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : 'lookup failed';
}

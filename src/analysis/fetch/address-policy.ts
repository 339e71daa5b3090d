import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { AnalysisError } from '../errors.js';
import type { AnalyserOptions } from '../options.js';
import { cachedLookup } from './cached-lookup.js';
import type { LookupLimits } from './cached-lookup.js';

/** Resolves a host name to every address it has, as the connection would see them. */
export type Lookup = (
  hostname: string,
) => Promise<{ address: string; family: number }[]>;

/** How the process asks the system's resolver: see cachedLookup. */
export const LOOKUP_LIMITS: LookupLimits = {
  ttlMs: 30_000,
  maxEntries: 10_000,
  // Two of libuv's four threads at most: files, zlib and crypto keep the others.
  concurrency: 2,
};

/** The system's resolver, as every connection of the process asks it. */
export const systemLookup: Lookup = cachedLookup(
  (hostname) => dnsLookup(hostname, { all: true, verbatim: true }),
  LOOKUP_LIMITS,
);

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
 * Public addresses a cloud platform answers from inside its own network, with the
 * platform's services behind them: Azure's wire server (168.63.129.16, reachable from
 * every Azure VM), IBM Cloud's private service networks. Metadata services elsewhere
 * sit in ranges refused already (169.254.169.254 link-local, Alibaba's 100.100.100.200
 * carrier-grade NAT, Oracle's 192.0.0.192 reserved, AWS's fd00:ec2::254 unique-local).
 */
const CLOUD_PLATFORM_RANGES: ReadonlyArray<[string, number]> = [
  ['168.63.129.16', 32],
  ['161.26.0.0', 16],
  ['166.8.0.0', 14],
];

function isCloudPlatform(address: ipaddr.IPv4): boolean {
  return CLOUD_PLATFORM_RANGES.some(([base, bits]) =>
    address.match(ipaddr.IPv4.parse(base), bits),
  );
}

/**
 * The range an address belongs to, by ipaddr.js's table ("unicast" for public ones),
 * with the IPv4 address inside NAT64 and 6to4 prefixes classified for what it is, and
 * cloud platforms' own addresses as "cloudPlatform".
 */
export function classifyAddress(address: string): string {
  const parsed = parseAddress(address);
  if (!parsed) return 'invalid';
  if (parsed.kind() === 'ipv4' && isCloudPlatform(parsed as ipaddr.IPv4)) {
    return 'cloudPlatform';
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    const range = v6.range();
    // IPv4-compatible ::/96 (deprecated by RFC 4291) is missing from ipaddr.js's table;
    // [::127.0.0.1] is one: no public host is reached that way.
    if (range === 'unicast' && isIPv4Compatible(v6)) return 'reserved';
    const embedded = embeddedIPv4(v6, range);
    if (embedded) {
      if (isCloudPlatform(embedded)) return 'cloudPlatform';
      const inner = embedded.range();
      return inner === 'unicast' ? range : inner;
    }
    return range;
  }
  return parsed.range();
}

function isIPv4Compatible(address: ipaddr.IPv6): boolean {
  return address.parts.slice(0, 6).every((part) => part === 0);
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
 * The address policy of docs/api.md: only public unicast addresses, except the host names,
 * addresses and CIDR ranges of ANALYZER_ALLOW_HOSTS. With `onlyListed`
 * (ANALYZER_ONLY_ALLOW_HOSTS, for a network without the internet), only those: any
 * other name is refused before it is looked up, so it fails at once.
 */
export class AddressPolicy {
  private readonly names = new Set<string>();
  private readonly ranges: AllowedRange[] = [];

  private readonly onlyListed: boolean;
  /** Whose ANALYZER_ALLOW_HOSTS it is: a worker's refusal says to set the workers' own. */
  private readonly worker: boolean;

  constructor(
    allowHosts: readonly string[] = [],
    options: { onlyListed?: boolean; worker?: boolean } = {},
  ) {
    this.onlyListed = options.onlyListed ?? false;
    this.worker = options.worker ?? false;
    for (const entry of allowHosts.map((h) => h.trim()).filter(Boolean)) {
      const range = parseRange(entry);
      if (range) this.ranges.push(range);
      else this.names.add(normaliseName(entry));
    }
  }

  /** How to lift this policy's refusal of `address`, in words. */
  hint(address: string, hostname: string): string {
    return allowHint(address, hostname, this.worker);
  }

  /** Why a host name may not even be looked up (onlyListed and not listed), or null. */
  nameRefusal(hostname: string): string | null {
    if (!this.onlyListed || this.names.has(normaliseName(hostname))) {
      return null;
    }
    return 'not in ANALYZER_ALLOW_HOSTS, and ANALYZER_ONLY_ALLOW_HOSTS is on';
  }

  /** Why a connection to `address` (for `hostname`) is refused, or null when allowed. */
  refusal(address: string, hostname?: string): string | null {
    if (hostname && this.names.has(normaliseName(hostname))) return null;
    const parsed = parseAddress(address);
    if (!parsed) return 'invalid address';
    if (this.ranges.some((r) => inRange(parsed, r))) return null;
    if (this.onlyListed) return 'not in ANALYZER_ALLOW_HOSTS';
    const range = classifyAddress(parsed.toString());
    return PUBLIC_RANGES.has(range) ? null : range;
  }
}

/** The policy of an analyser's options. */
export function policyOf(
  options: Pick<AnalyserOptions, 'allowHosts' | 'onlyAllowHosts' | 'process'>,
): AddressPolicy {
  return new AddressPolicy(options.allowHosts, {
    onlyListed: options.onlyAllowHosts ?? false,
    worker: options.process === 'worker',
  });
}

function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}

function parseRange(entry: string): AllowedRange | null {
  const [host, bits, ...rest] = entry.split('/');
  if (rest.length > 0) return null;
  const address = parseAddress(host);
  if (!address) return null;
  const max = address.kind() === 'ipv4' ? 32 : 128;
  // Number() would read "" as 0, and "/0" allows every address.
  if (bits !== undefined && !/^\d{1,3}$/.test(bits)) return null;
  const prefix = bits === undefined ? max : Number(bits);
  if (prefix > max) return null;
  return { address, prefix };
}

const DNS_LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/i;

/** A host name the URL parser keeps as a name (not an address, not an invalid host). */
function isHostName(entry: string): boolean {
  if (URL.parse(`http://${entry}/`)?.hostname !== entry.toLowerCase())
    return false;
  const name = entry.replace(/\.$/, '');
  return name.length > 0 && name.split('.').every((l) => DNS_LABEL.test(l));
}

/**
 * The ANALYZER_ALLOW_HOSTS entries, checked at start: a typo such as `10.0.0.0/33` would
 * otherwise be taken for a host name that never matches. `fail` builds the error to throw.
 */
export function validAllowHosts(
  entries: readonly string[],
  fail: (message: string) => Error,
): string[] {
  for (const entry of entries) {
    if (entry.includes('/') && parseAddress(entry.split('/')[0]) !== null) {
      if (parseRange(entry) === null) {
        throw fail(
          `ANALYZER_ALLOW_HOSTS: "${entry}" is not a valid CIDR range (an IP address, "/" and a prefix length up to 32 for IPv4 or 128 for IPv6)`,
        );
      }
    } else if (parseAddress(entry) === null && !isHostName(entry)) {
      throw fail(
        `ANALYZER_ALLOW_HOSTS: "${entry}" is not a valid host name, IP address or CIDR range`,
      );
    }
  }
  return [...entries];
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
  const nameRefused = policy.nameRefusal(hostname);
  if (nameRefused !== null) {
    throw new AnalysisError(
      'blocked',
      `The host ${hostname} is not allowed (${nameRefused}).`,
    );
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
      `The address ${address} of ${hostname} is not allowed (${reason}). ${policy.hint(address, hostname)}`,
    );
  }
}

/** How to lift a refusal: the setting, and what to put in it. */
export function allowHint(
  address: string,
  hostname: string,
  worker = false,
): string {
  const name = normaliseName(hostname);
  const entries = parseAddress(name) ? address : `${address} or ${name}`;
  return worker
    ? `To allow it, add ${entries} to ANALYZER_ALLOW_HOSTS of the worker processes and restart them: this refusal is a worker's, and each process reads its own settings (give the workers the API's analysis settings).`
    : `To allow it, add ${entries} to ANALYZER_ALLOW_HOSTS (a comma-separated list, read at start) and restart.`;
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : 'lookup failed';
}

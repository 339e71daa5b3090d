import { AnalysisError } from '../errors.js';
import {
  AddressPolicy,
  parseAddress,
  resolveAllowed,
  systemLookup,
} from './address-policy.js';
import type { Lookup } from './address-policy.js';

export const TARGET_URL_MAX_LENGTH = 2048;

/** A submitted URL the analyser would not fetch; the message is shown to the client. */
export class InvalidTargetUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidTargetUrlError';
  }
}

const DNS_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The url rules of docs/api.md: absolute http(s), at most 2048 characters, no user-info, a real host. */
export function parseTargetUrl(raw: string): URL {
  if (raw.length > TARGET_URL_MAX_LENGTH) {
    throw new InvalidTargetUrlError(
      `url must be at most ${TARGET_URL_MAX_LENGTH} characters long`,
    );
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidTargetUrlError(
      'url must be an absolute http or https URL',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidTargetUrlError(
      'url must be an absolute http or https URL',
    );
  }
  if (!/^https?:\/\//i.test(raw.trim())) {
    throw new InvalidTargetUrlError(
      'url must be an absolute http or https URL',
    );
  }
  if (url.username || url.password) {
    throw new InvalidTargetUrlError(
      'url must not contain a user name or password',
    );
  }
  if (!isHost(url.hostname)) {
    throw new InvalidTargetUrlError(
      'url must have a host that is a DNS name or an IP address',
    );
  }
  // What is stored is the normalised form, which percent-encoding can make longer.
  if (normaliseTargetUrl(url).length > TARGET_URL_MAX_LENGTH) {
    throw new InvalidTargetUrlError(
      `url must be at most ${TARGET_URL_MAX_LENGTH} characters long`,
    );
  }
  return url;
}

/** Why a field's value is no target URL, in the words of a validation error; null when it is one. */
export function targetUrlProblem(value: unknown): string | null {
  if (value === undefined) return 'url is required';
  if (value === null) return 'url must not be null';
  if (typeof value !== 'string') return 'url must be a string';
  try {
    parseTargetUrl(value);
    return null;
  } catch (error) {
    if (error instanceof InvalidTargetUrlError) return error.message;
    throw error;
  }
}

function isHost(hostname: string): boolean {
  if (parseAddress(hostname)) return true;
  const name = hostname.replace(/\.$/, '');
  if (name.length === 0 || name.length > 253) return false;
  return name.split('.').every((label) => DNS_LABEL.test(label));
}

/** The stored form: scheme and host lowercased, default port and fragment dropped. */
export function normaliseTargetUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

/** All reports of one site share a project: the host, lowercased, without `www.`. */
export function projectOf(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

/** Refuses (AnalysisError 'blocked') a URL whose host the address policy does not let through. */
export async function assertTargetAllowed(
  url: URL,
  policy: AddressPolicy,
  lookup: Lookup = systemLookup,
): Promise<void> {
  try {
    await resolveAllowed(url.hostname, policy, lookup);
  } catch (error) {
    // A name that does not resolve yet is the analysis's business (error "dns"), not a refusal.
    if (error instanceof AnalysisError && error.code === 'dns') return;
    throw error;
  }
}

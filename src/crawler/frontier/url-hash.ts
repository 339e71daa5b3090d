import { createHash } from 'node:crypto';

/**
 * A URL's key in its crawl: 64 bits of its MD5, as a signed bigint in decimal. It
 * fits any URL (a unique index of the URL itself refuses URLs past about 2.7 KB), and
 * the SQL `('x' || substr(md5(url), 1, 16))::bit(64)::bigint` gives the same number.
 * Two URLs of one audit colliding is a chance of about 1 in 10^9 at 100,000 URLs.
 */
export function urlHash(url: string): string {
  const hex = createHash('md5').update(url).digest('hex').slice(0, 16);
  return BigInt.asIntN(64, BigInt(`0x${hex}`)).toString();
}

/** The SQL of urlHash, for a migration or a query over stored URLs. */
export const URL_HASH_SQL = (column: string) =>
  `('x' || substr(md5(${column}), 1, 16))::bit(64)::bigint`;

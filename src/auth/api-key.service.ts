import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { Account } from './account.entity.js';
import { ApiKey } from './api-key.entity.js';

/** What a request authenticated with an API key carries as `req.user`. */
export interface Principal {
  accountId: string;
  /** The key itself: rate limits count per key. */
  keyId: string;
}

const KEY_PREFIX = 'rk_';
/** A verified key is believed this long: a revocation elsewhere takes effect within it. */
const VERIFIED_FOR_MS = 5_000;
/** Verified keys remembered at most; past it, the oldest are forgotten first. */
const VERIFIED_MAX = 10_000;
/** 32 random bytes: 256 bits of entropy, well above the 128 the contract asks. */
const KEY_BYTES = 32;

export interface IssuedKey {
  id: string;
  accountId: string;
  name: string;
  /** The key itself: shown once, never stored. */
  key: string;
}

export interface KeyListing {
  id: string;
  accountId: string;
  name: string;
  prefix: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export function digestOf(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** What to do about a database with no key (a start on PostgreSQL makes none). */
export const NO_KEY_YET =
  'No API key exists yet. Make one with: npx report-service keys:create --name <label> (in the Docker image: node dist/cli/main.js keys:create --name <label>), with the same DATABASE_URL.';

/** Issues, lists, revokes and resolves API keys. Plain enough for the CLI to use too. */
@Injectable()
export class ApiKeyService {
  /** Digest → who the key speaks for and until when that is believed, oldest first. */
  private readonly verified = new Map<
    string,
    { principal: Principal; until: number }
  >();

  constructor(
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
  ) {}

  /** A new key; without accountId it opens a new account named like the key. */
  async create(name: string, accountId?: string): Promise<IssuedKey> {
    const label = name.trim();
    if (label === '') throw new Error('A key needs a non-empty name');
    return this.keys.manager.transaction(async (tx) => {
      let owner = accountId;
      if (owner === undefined) {
        const account = await tx.save(tx.create(Account, { name: label }));
        owner = account.id;
      } else if (!(await tx.existsBy(Account, { id: owner }))) {
        throw new Error(`There is no account ${owner}`);
      }
      const key = KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
      const saved = await tx.save(
        tx.create(ApiKey, {
          accountId: owner,
          name: label,
          keyPrefix: key.slice(0, KEY_PREFIX.length + 6),
          keyDigest: digestOf(key),
          revokedAt: null,
        }),
      );
      return { id: saved.id, accountId: owner, name: label, key };
    });
  }

  async list(): Promise<KeyListing[]> {
    const keys = await this.keys.find({ order: { id: 'ASC' } });
    return keys.map((k) => ({
      id: k.id,
      accountId: k.accountId,
      name: k.name,
      prefix: k.keyPrefix,
      createdAt: k.createdAt,
      revokedAt: k.revokedAt,
    }));
  }

  /** Returns false when no active key has that id. Takes effect here at once. */
  async revoke(id: string): Promise<boolean> {
    if (!/^\d{1,18}$/.test(id)) return false;
    const result = await this.keys.update(
      { id, revokedAt: IsNull() },
      { revokedAt: new Date() },
    );
    for (const [digest, { principal }] of this.verified) {
      if (principal.keyId === id) this.verified.delete(digest);
    }
    return (result.affected ?? 0) > 0;
  }

  async count(): Promise<number> {
    return this.keys.count();
  }

  /**
   * Who an active key speaks for, or null. A key verified in the last few seconds is
   * not looked up again: most requests of a client come in bursts.
   */
  async principalOf(key: string): Promise<Principal | null> {
    if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
    const digest = digestOf(key);
    const now = Date.now();
    const known = this.verified.get(digest);
    if (known && known.until > now) return known.principal;
    const found = await this.keys.findOne({
      select: { id: true, accountId: true },
      where: { keyDigest: digest, revokedAt: IsNull() },
    });
    this.verified.delete(digest);
    if (!found) return null;
    const principal = { accountId: found.accountId, keyId: found.id };
    if (this.verified.size >= VERIFIED_MAX) {
      this.verified.delete(this.verified.keys().next().value!);
    }
    this.verified.set(digest, { principal, until: now + VERIFIED_FOR_MS });
    return principal;
  }
}

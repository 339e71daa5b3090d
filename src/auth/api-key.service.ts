import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { Account } from './account.entity.js';
import { ApiKey } from './api-key.entity.js';

const KEY_PREFIX = 'rk_';
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

/** Issues, lists, revokes and resolves API keys. Plain enough for the CLI to use too. */
@Injectable()
export class ApiKeyService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A new key; without accountId it opens a new account named like the key. */
  async create(name: string, accountId?: string): Promise<IssuedKey> {
    const label = name.trim();
    if (label === '') throw new Error('A key needs a non-empty name');
    return this.dataSource.transaction(async (tx) => {
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
    const keys = await this.dataSource
      .getRepository(ApiKey)
      .find({ order: { id: 'ASC' } });
    return keys.map((k) => ({
      id: k.id,
      accountId: k.accountId,
      name: k.name,
      prefix: k.keyPrefix,
      createdAt: k.createdAt,
      revokedAt: k.revokedAt,
    }));
  }

  /** Returns false when no active key has that id. */
  async revoke(id: string): Promise<boolean> {
    if (!/^\d{1,18}$/.test(id)) return false;
    const result = await this.dataSource
      .getRepository(ApiKey)
      .update({ id, revokedAt: IsNull() }, { revokedAt: new Date() });
    return (result.affected ?? 0) > 0;
  }

  async count(): Promise<number> {
    return this.dataSource.getRepository(ApiKey).count();
  }

  /** The account id of an active key, or null. */
  async accountOf(key: string): Promise<string | null> {
    if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
    const found = await this.dataSource.getRepository(ApiKey).findOne({
      select: { accountId: true },
      where: { keyDigest: digestOf(key), revokedAt: IsNull() },
    });
    return found?.accountId ?? null;
  }
}

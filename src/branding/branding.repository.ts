import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AccountBranding } from './account-branding.entity.js';
import type { BrandingFields } from './account-branding.entity.js';

interface BrandingRow {
  account_id: string;
  name: string | null;
  logo: Buffer | null;
  logo_media_type: AccountBranding['logoMediaType'];
  accent_color: string | null;
  contact: string | null;
  footer: string | null;
  show_product_name: boolean;
  created_at: Date;
  updated_at: Date;
}

function brandingOf(row: BrandingRow): AccountBranding {
  return Object.assign(new AccountBranding(), {
    accountId: String(row.account_id),
    name: row.name,
    logo: row.logo,
    logoMediaType: row.logo_media_type,
    accentColor: row.accent_color,
    contact: row.contact,
    footer: row.footer,
    showProductName: row.show_product_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

/** An account's name beside its stored branding (null when it has none). */
export interface AccountWithBranding {
  accountName: string;
  branding: AccountBranding | null;
}

/** Every statement on the account_brandings table. */
@Injectable()
export class BrandingRepository {
  constructor(
    @InjectRepository(AccountBranding)
    private readonly brandings: Repository<AccountBranding>,
  ) {}

  /** The account's name and branding in one read; null when there is no such account. */
  async findForAccount(accountId: string): Promise<AccountWithBranding | null> {
    const rows: Array<
      Partial<BrandingRow> & { account_name: string; has_branding: boolean }
    > = await this.brandings.query(
      `SELECT a.name AS account_name, b.account_id IS NOT NULL AS has_branding, b.*
       FROM accounts a LEFT JOIN account_brandings b ON b.account_id = a.id
       WHERE a.id = $1`,
      [accountId],
    );
    const [row] = rows;
    if (!row) return null;
    return {
      accountName: row.account_name,
      branding: row.has_branding ? brandingOf(row as BrandingRow) : null,
    };
  }

  /** Stores the account's branding in place of the one it had, if any. */
  async replace(
    accountId: string,
    fields: BrandingFields,
  ): Promise<AccountBranding> {
    const rows: BrandingRow[] = await this.brandings.query(
      `INSERT INTO account_brandings (account_id, name, logo, logo_media_type,
         accent_color, contact, footer, show_product_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (account_id) DO UPDATE SET
         name = EXCLUDED.name, logo = EXCLUDED.logo,
         logo_media_type = EXCLUDED.logo_media_type,
         accent_color = EXCLUDED.accent_color, contact = EXCLUDED.contact,
         footer = EXCLUDED.footer, show_product_name = EXCLUDED.show_product_name,
         updated_at = now()
       RETURNING *`,
      [
        accountId,
        fields.name,
        fields.logo,
        fields.logoMediaType,
        fields.accentColor,
        fields.contact,
        fields.footer,
        fields.showProductName,
      ],
    );
    return brandingOf(rows[0]);
  }

  /** Deletes the account's branding; nothing happens when it has none. */
  async delete(accountId: string): Promise<void> {
    await this.brandings.delete({ accountId });
  }
}

import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { LogoMediaType } from './logo.js';

/** An account's branding as stored: each field null until the account sets it. */
@Entity('account_brandings')
export class AccountBranding {
  @PrimaryColumn({ name: 'account_id', type: 'bigint' })
  accountId: string;

  @Column({ type: 'text', nullable: true })
  name: string | null;

  /** PNG bytes as sent, or an SVG as cleaned (svg-sanitiser.ts). */
  @Column({ type: 'bytea', nullable: true })
  logo: Buffer | null;

  @Column({ name: 'logo_media_type', type: 'text', nullable: true })
  logoMediaType: LogoMediaType | null;

  /** `#rgb` or `#rrggbb`, lowercased. */
  @Column({ name: 'accent_color', type: 'text', nullable: true })
  accentColor: string | null;

  @Column({ type: 'text', nullable: true })
  contact: string | null;

  @Column({ type: 'text', nullable: true })
  footer: string | null;

  @Column({ name: 'show_product_name', type: 'boolean', default: false })
  showProductName: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** What a PUT stores: every field, those left out as null. */
export type BrandingFields = Pick<
  AccountBranding,
  | 'name'
  | 'logo'
  | 'logoMediaType'
  | 'accentColor'
  | 'contact'
  | 'footer'
  | 'showProductName'
>;

import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An API key; only its SHA-256 digest is stored, the key itself is shown once. */
@Entity('api_keys')
export class ApiKey {
  @PrimaryColumn({ type: 'bigint', generated: 'identity' })
  id: string;

  @Column({ name: 'account_id', type: 'bigint' })
  accountId: string;

  @Column({ type: 'text' })
  name: string;

  /** The first characters of the key, to tell keys apart in listings. */
  @Column({ name: 'key_prefix', type: 'text' })
  keyPrefix: string;

  @Column({ name: 'key_digest', type: 'char', length: 64 })
  keyDigest: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}

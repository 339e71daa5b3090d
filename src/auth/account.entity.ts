import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A tenant: every report and key belongs to exactly one account. */
@Entity('accounts')
export class Account {
  @PrimaryColumn({ type: 'bigint', generated: 'identity' })
  id: string;

  @Column({ type: 'text' })
  name: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { AttemptLimiter } from '../rate-limits/attempt-limiter.js';
import { ShareGate } from './share-gate.js';
import type { Shareable, ShareableKind } from './shareable-kind.js';

/**
 * Who may read a shared thing without an API key, for every shareable kind: one gate
 * a kind, on one secret and one store of wrong-password counts, so every kind keeps
 * the same cookie rules and guess limits.
 */
@Injectable()
export class ShareAccess {
  private readonly gates = new Map<ShareableKind, ShareGate>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly wrongPasswords: AttemptLimiter,
    private readonly modules: ModuleRef,
  ) {}

  /** The gate of a kind, over the rows its provider finds by share token. */
  gateOf<T extends Shareable>(kind: ShareableKind<T>): ShareGate<T> {
    let gate = this.gates.get(kind) as ShareGate<T> | undefined;
    if (!gate) {
      // The kind's rows are its feature's provider: found wherever it is declared.
      const rows = this.modules.get(kind.rows, { strict: false });
      gate = new ShareGate(
        this.config.shareSecret,
        this.wrongPasswords,
        kind,
        rows,
      );
      this.gates.set(kind, gate);
    }
    return gate;
  }
}

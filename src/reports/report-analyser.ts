import { Inject, Injectable } from '@nestjs/common';
import { analyse } from '../analysis/analyse.js';
import { AddressPolicy } from '../analysis/fetch/address-policy.js';
import { assertTargetAllowed } from '../analysis/fetch/target-url.js';
import type { AnalysisResults } from '../analysis/types.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';

/** The analyser as the reports module uses it, configured from the environment. */
@Injectable()
export class ReportAnalyser {
  private readonly policy: AddressPolicy;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.policy = new AddressPolicy(config.analyser.allowHosts);
  }

  /** Throws AnalysisError('blocked') when the URL's host resolves to a refused address. */
  assertAllowed(url: URL): Promise<void> {
    return assertTargetAllowed(url, this.policy);
  }

  analyse(url: string): Promise<AnalysisResults> {
    return analyse(url, this.config.analyser);
  }
}

import type { Type } from '@nestjs/common';
import type { Privacy } from './privacy.js';

/** What a shared thing (a report, a site audit) must hold for its gate. */
export interface Shareable {
  id: string;
  privacy: Privacy;
  passwordHash: string | null;
  shareToken: string | null;
  shareVersion: number;
}

/** Where a kind's rows are found by their share token: the feature's repository. */
export interface SharedRows<T extends Shareable> {
  /** The public or password row a share token names; null when none. */
  findShared(shareToken: string): Promise<T | null>;
}

/**
 * A kind of thing shared by link (reports, site audits), as a feature declares it to
 * sharing: its pages' address and cookie, and where its rows are found. The feature
 * mounts the pages with SharedPagesController(kind) and renders what they show.
 */
export interface ShareableKind<T extends Shareable = Shareable> {
  /** For messages, pages and the OpenAPI document: "report", "site audit". */
  readonly noun: string;
  /** Where its pages live: `/r` gives /r/{token}. */
  readonly pathPrefix: string;
  /** Every address of its pages, whose problems answer as pages (a 404, a 429). */
  readonly pagePaths: RegExp;
  /** Its cookie's name; the cookie's path, {pathPrefix}/{token}, keeps links apart. */
  readonly cookieName: string;
  /** What its cookie signs for one of them: distinct across kinds, with no dot. */
  subjectOf(id: string): string;
  /** The provider that finds its rows by share token. */
  readonly rows: Type<SharedRows<T>>;
}

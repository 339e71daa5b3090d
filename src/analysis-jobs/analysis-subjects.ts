import { Injectable } from '@nestjs/common';
import type { AnalysisSubject, ClaimedAnalysis } from './analysis-subject.js';

/** A subject of any kind, as the engine handles it: its claims and results are its own. */
export type AnySubject = AnalysisSubject<ClaimedAnalysis, unknown>;

/** The subjects of this process's engine, by kind; each registers itself when its module starts. */
@Injectable()
export class AnalysisSubjects {
  private readonly byKind = new Map<string, AnySubject>();

  register(subject: AnySubject): void {
    if (this.byKind.has(subject.kind)) {
      throw new Error(`Two analysis subjects of kind ${subject.kind}`);
    }
    this.byKind.set(subject.kind, subject);
  }

  get(kind: string): AnySubject | undefined {
    return this.byKind.get(kind);
  }

  all(): Array<AnySubject> {
    return [...this.byKind.values()];
  }
}

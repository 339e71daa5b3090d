import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventType } from './event-types.js';

/** Something that happened to an account's data, as its feature tells it. */
export interface DomainEvent {
  type: EventType;
  accountId: string;
  /** What listeners hand on (a webhook's `data`): plain JSON, built by the publishing feature. */
  data: Record<string, unknown>;
  occurredAt: Date;
}

/** What a listener does once the publishing transaction has committed (add its jobs); it must not throw. */
export type AfterCommit = () => Promise<void>;

/**
 * Hears events inside the publisher's transaction: what it stores with `manager` is
 * kept if and only if the publisher's writes are (an outbox). It may answer a step
 * to run after the commit.
 */
export type EventListener = (
  events: DomainEvent[],
  manager: EntityManager,
) => Promise<AfterCommit | void>;

/**
 * Events of one transaction: published in it, their after-commit steps run once
 * it has committed (flush), or never when it rolled back.
 */
export class Outbox {
  private readonly steps: AfterCommit[] = [];

  constructor(
    private readonly events: DomainEvents,
    private readonly logger: Logger,
  ) {}

  /** Whether any listener hears one of these types: a publisher may skip building events nobody hears. */
  wants(types: readonly EventType[]): boolean {
    return this.events.wants(types);
  }

  /** Tells the listeners of these events, in the publisher's transaction; a listener's error rolls it back. */
  async publish(manager: EntityManager, events: DomainEvent[]): Promise<void> {
    this.steps.push(...(await this.events.deliverIn(manager, events)));
  }

  /** Runs the listeners' after-commit steps, each once. Never throws: what they add, their sweeps add again. */
  async flush(): Promise<void> {
    const steps = this.steps.splice(0);
    for (const step of steps) {
      await step().catch((error: Error) =>
        this.logger.warn(`After a commit: ${error.message}`),
      );
    }
  }
}

/**
 * The outbox seam between features: a feature publishes what happened inside its
 * own transaction; listeners (webhooks) subscribe by type and import nothing of it.
 */
@Injectable()
export class DomainEvents {
  private readonly logger = new Logger('DomainEvents');
  private readonly listeners: Array<{
    types: ReadonlySet<EventType>;
    listener: EventListener;
  }> = [];

  subscribe(types: readonly EventType[], listener: EventListener): void {
    this.listeners.push({ types: new Set(types), listener });
  }

  wants(types: readonly EventType[]): boolean {
    return this.listeners.some(({ types: heard }) =>
      types.some((type) => heard.has(type)),
    );
  }

  /** A new outbox, for the events of one transaction. */
  outbox(): Outbox {
    return new Outbox(this, this.logger);
  }

  /** Each listener hears the events of its types; answers their after-commit steps. */
  async deliverIn(
    manager: EntityManager,
    events: DomainEvent[],
  ): Promise<AfterCommit[]> {
    const steps: AfterCommit[] = [];
    for (const { types, listener } of this.listeners) {
      const heard = events.filter((event) => types.has(event.type));
      if (heard.length === 0) continue;
      const step = await listener(heard, manager);
      if (step) steps.push(step);
    }
    return steps;
  }
}

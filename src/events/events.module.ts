import { Global, Module } from '@nestjs/common';
import { DomainEvents } from './domain-events.js';

/** The events features publish and others hear, one instance per process. */
@Global()
@Module({ providers: [DomainEvents], exports: [DomainEvents] })
export class EventsModule {}

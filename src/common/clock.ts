/**
 * The time the service's rules read (when a schedule is due), injected so that
 * tests can move it; SQL's own now() still stamps rows.
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

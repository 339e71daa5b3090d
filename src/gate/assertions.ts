import type { FindingScope } from '../site-audits/findings/findings.js';
import { CHECKS, SITE_CHECKS } from '../analysis/index.js';
import type { Importance } from '../analysis/index.js';
import { LEVELS } from './assertion-entry.js';
import type { AssertionEntry, Level } from './assertion-entry.js';
import { PRESETS } from './presets.js';
import {
  isLabMetricId,
  LAB_METRICS,
  labConditionOf,
} from './lab-assertions.js';
import type { LabAssertion } from './lab-assertions.js';

/**
 * The gate's assertions, in the shape of Lighthouse CI's: `{"preset": "seo:recommended",
 * "assertions": {"<check id>": "off" | "warn" | "error" | [level, options]}}`, where a
 * check is a page or site check and `site_score` stands for the audit's score.
 */

/** The name of the audit's score among the check ids. */
export const SITE_SCORE = 'site_score';

/** At most `maxLength` pages may fail the check (new pages, against a baseline). */
export interface CheckAssertion {
  kind: 'check';
  id: string;
  level: Level;
  maxLength: number;
}

/** The audit's score must be at least `minScore`. */
export interface ScoreAssertion {
  kind: 'score';
  id: typeof SITE_SCORE;
  level: Level;
  minScore: number;
}

export type Assertion = CheckAssertion | ScoreAssertion | LabAssertion;

/** The assertions the gate judges, the preset's overridden by the file's, in that order. */
export interface GateConfig {
  preset: string | null;
  assertions: Assertion[];
}

/** What the catalogue says of a check, for outputs that explain a failure. */
export interface CheckInfo {
  id: string;
  /** The catalogue's kind until an audit's findings say where it lives. */
  scope: FindingScope;
  title: string;
  importance: Importance;
  advice: string;
}

const CATALOGUE = new Map<string, CheckInfo>([
  ...CHECKS.map((check): [string, CheckInfo] => [
    check.id,
    { ...pick(check), scope: 'page' },
  ]),
  ...SITE_CHECKS.map((check): [string, CheckInfo] => [
    check.id,
    { ...pick(check), scope: 'site' },
  ]),
]);

function pick(check: {
  id: string;
  title: string;
  importance: Importance;
  advice: string;
}) {
  const { id, title, importance, advice } = check;
  return { id, title, importance, advice };
}

/** A page or site check, or a lab metric (judged per template); undefined for an id that names none. */
export function checkInfo(id: string): CheckInfo | undefined {
  if (isLabMetricId(id)) {
    return { id, scope: 'template', importance: 'high', ...LAB_METRICS[id] };
  }
  return CATALOGUE.get(id);
}

/** Assertions that cannot be judged: the message says which and why. */
export class AssertionsError extends Error {}

/** An assertion file's content, or a preset's. */
export interface AssertionsDocument {
  preset?: string;
  assertions?: Record<string, AssertionEntry>;
}

/** `--assert seo:strict` names a preset; anything else is a file. */
export function isPresetName(value: string): boolean {
  return Object.hasOwn(PRESETS, value);
}

/** The assertions of a preset name, or of a document (a parsed file); `source` names it in errors. */
export function gateConfigOf(given: unknown, source: string): GateConfig {
  if (typeof given === 'string') {
    if (!isPresetName(given)) {
      throw new AssertionsError(
        `${source}: no preset "${given}" (presets: ${Object.keys(PRESETS).join(', ')})`,
      );
    }
    return { preset: given, assertions: entriesOf(PRESETS[given], given) };
  }
  if (given === null || typeof given !== 'object' || Array.isArray(given)) {
    throw new AssertionsError(
      `${source}: expected an object with "preset" and/or "assertions"`,
    );
  }
  const document = given as Record<string, unknown>;
  for (const key of Object.keys(document)) {
    if (key !== 'preset' && key !== 'assertions') {
      throw new AssertionsError(
        `${source}: unknown key "${key}" (only "preset" and "assertions")`,
      );
    }
  }
  const preset = document.preset;
  if (preset !== undefined && typeof preset !== 'string') {
    throw new AssertionsError(`${source}: "preset" must be a preset's name`);
  }
  const base = preset === undefined ? null : gateConfigOf(preset, source);
  const own = document.assertions ?? {};
  if (own === null || typeof own !== 'object' || Array.isArray(own)) {
    throw new AssertionsError(
      `${source}: "assertions" must be an object of check ids`,
    );
  }
  const overrides = entriesOf(own as Record<string, unknown>, source);
  if (!base && overrides.length === 0) {
    throw new AssertionsError(
      `${source}: no assertions (give "assertions", a "preset", or both)`,
    );
  }
  // As in Lighthouse CI, an assertion of the file replaces the preset's whole entry.
  const merged = new Map((base?.assertions ?? []).map((a) => [a.id, a]));
  for (const assertion of overrides) merged.set(assertion.id, assertion);
  return { preset: base?.preset ?? null, assertions: [...merged.values()] };
}

function entriesOf(
  entries: Record<string, unknown>,
  source: string,
): Assertion[] {
  return Object.entries(entries).map(([id, entry]) =>
    assertionOf(id, entry, source),
  );
}

function assertionOf(id: string, entry: unknown, source: string): Assertion {
  const where = `${source}: assertion "${id}"`;
  const [level, options = {}]: unknown[] = Array.isArray(entry)
    ? (entry as unknown[])
    : [entry];
  if (!LEVELS.includes(level as Level)) {
    throw new AssertionsError(
      `${where}: the level must be "off", "warn" or "error", got ${JSON.stringify(level)}`,
    );
  }
  if (
    (Array.isArray(entry) && entry.length > 2) ||
    options === null ||
    typeof options !== 'object' ||
    Array.isArray(options)
  ) {
    throw new AssertionsError(
      `${where}: expected "<level>" or ["<level>", {options}]`,
    );
  }
  const given = options as Record<string, unknown>;
  if (id === SITE_SCORE) {
    only(given, ['minScore'], where);
    const minScore = given.minScore;
    if (
      typeof minScore !== 'number' ||
      !Number.isInteger(minScore) ||
      minScore < 0 ||
      minScore > 100
    ) {
      throw new AssertionsError(
        `${where}: needs "minScore", a whole number from 0 to 100`,
      );
    }
    return { kind: 'score', id: SITE_SCORE, level: level as Level, minScore };
  }
  if (isLabMetricId(id)) {
    only(given, ['maxNumericValue'], where);
    const max = given.maxNumericValue;
    if (typeof max !== 'number' || !Number.isFinite(max) || max < 0) {
      throw new AssertionsError(
        `${where}: needs "maxNumericValue", a number from 0 (milliseconds; unitless for cumulative_layout_shift)`,
      );
    }
    return { kind: 'lab', id, level: level as Level, maxNumericValue: max };
  }
  if (!CATALOGUE.has(id)) {
    throw new AssertionsError(
      `${where}: no such check (docs/checks.md lists the page and site checks; "${SITE_SCORE}" is the audit's score; lab metrics: ${Object.keys(LAB_METRICS).join(', ')})`,
    );
  }
  only(given, ['maxLength'], where);
  const maxLength = given.maxLength ?? 0;
  if (
    typeof maxLength !== 'number' ||
    !Number.isInteger(maxLength) ||
    maxLength < 0
  ) {
    throw new AssertionsError(
      `${where}: "maxLength" must be a whole number from 0`,
    );
  }
  return { kind: 'check', id, level: level as Level, maxLength };
}

function only(
  options: Record<string, unknown>,
  allowed: string[],
  where: string,
): void {
  for (const key of Object.keys(options)) {
    if (!allowed.includes(key)) {
      throw new AssertionsError(
        `${where}: unknown option "${key}" (it takes ${allowed.map((k) => `"${k}"`).join(', ')})`,
      );
    }
  }
}

/** An assertion's condition, as written in outputs: "at most 0 pages", "score at least 80". */
export function conditionOf(assertion: Assertion): string {
  if (assertion.kind === 'lab') return labConditionOf(assertion);
  return assertion.kind === 'score'
    ? `score at least ${assertion.minScore}`
    : `at most ${assertion.maxLength} ${assertion.maxLength === 1 ? 'page' : 'pages'}`;
}

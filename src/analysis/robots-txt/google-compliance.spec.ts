import { readFileSync } from 'node:fs';
import {
  agentRules,
  decodeRobotsTxt,
  parseRobotsTxt,
  robotsAllows,
} from './index.js';

/**
 * Google's compliance cases for robots.txt parsers and matchers, transcribed in
 * google-compliance.json (its `source` says from where): every applicable case must
 * decide as Google's parser does, read from the bytes and from the text the service
 * decodes them to.
 */

interface Expectation {
  url: string;
  agent: string;
  allowed: boolean;
  googleSpecific?: boolean;
  notApplicable?: string;
}

interface ComplianceTest {
  file: string;
  leadingBytes?: string;
  robotstxt: string;
  expectations: Expectation[];
}

const FIXTURE = JSON.parse(
  readFileSync(new URL('./google-compliance.json', import.meta.url), 'utf8'),
) as {
  source: string;
  specTest: ComplianceTest[];
  robotsTestCc: ComplianceTest[];
};

function bytesOf(test: ComplianceTest): Uint8Array {
  const leading = (test.leadingBytes ?? '')
    .split(' ')
    .filter((hex) => hex !== '')
    .map((hex) => parseInt(hex, 16));
  return new Uint8Array([
    ...leading,
    ...new TextEncoder().encode(test.robotstxt),
  ]);
}

interface Case extends Expectation {
  file: string;
  bytes: Uint8Array;
}

function casesOf(tests: ComplianceTest[]): Case[] {
  return tests.flatMap((test) =>
    test.expectations.map((expectation) => ({
      ...expectation,
      file: test.file,
      bytes: bytesOf(test),
    })),
  );
}

const SPEC_CASES = casesOf(FIXTURE.specTest);
const CC_CASES = casesOf(FIXTURE.robotsTestCc);

function decides(body: string | Uint8Array, agent: string, url: string) {
  return robotsAllows(agentRules(parseRobotsTxt(body), agent, null), url);
}

function label(c: Case): string {
  return `${c.file}: ${c.agent} ${c.url} → ${c.allowed ? 'allowed' : 'disallowed'}`;
}

describe("Google's robots.txt compliance cases (google/robotstxt-spec-test)", () => {
  const applicable = SPEC_CASES.filter((c) => c.notApplicable === undefined);

  it('holds every expectation of the correctness files, each applicable or said not to be', () => {
    expect(SPEC_CASES).toHaveLength(146);
    expect(applicable).toHaveLength(140);
    expect(
      SPEC_CASES.filter((c) => c.notApplicable !== undefined).map(
        (c) => `${c.file}: ${JSON.stringify(c.url)} (${c.notApplicable})`,
      ),
    ).toEqual([
      `empty-string: "" (an empty URL: the caller's matter, the crawler always asks with an absolute URL)`,
      `empty-string: "" (an empty URL: the caller's matter, the crawler always asks with an absolute URL)`,
      `empty-string: "" (an empty URL: the caller's matter, the crawler always asks with an absolute URL)`,
      `empty-string: "" (an empty URL: the caller's matter, the crawler always asks with an absolute URL)`,
      `non-ascii-paths: "http://foo.bar/foo/bar/ツ" (an unencoded URL: the caller's matter, the crawler always asks with a percent-encoded URL)`,
      `non-ascii-paths: "http://foo.bar/foo/bar/ツ" (an unencoded URL: the caller's matter, the crawler always asks with a percent-encoded URL)`,
    ]);
  });

  it.each(applicable.map((c) => [label(c), c] as const))(
    'decides from the bytes %s',
    (_label, c) => {
      expect(decides(c.bytes, c.agent, c.url)).toBe(c.allowed);
    },
  );

  it('decides every applicable case alike from the text the service decodes the bytes to', () => {
    const disagreeing = applicable
      .filter(
        (c) => decides(decodeRobotsTxt(c.bytes), c.agent, c.url) !== c.allowed,
      )
      .map(label);
    expect(disagreeing).toEqual([]);
  });
});

describe("google/robotstxt robots_test.cc's decisions beyond the spec tests", () => {
  it.each(CC_CASES.map((c) => [label(c), c] as const))(
    'decides %s',
    (_label, c) => {
      expect(decides(c.bytes, c.agent, c.url)).toBe(c.allowed);
    },
  );
});

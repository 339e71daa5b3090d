import { OUTPUT_FORMATS } from '../outputs/output-formats.js';
import { resolve } from 'node:path';
import { UsageError } from './command.js';
import { formatsUsage, outTargetsOf, verdictTargets } from './out-targets.js';
import { formatsOf } from './outputs.js';

describe('outTargetsOf', () => {
  it('reads each --out FORMAT:FILE in order, a file after the first colon', () => {
    expect(
      outTargetsOf('audit-site', {
        out: ['sarif:reports/seo.sarif', 'json:a:b.json', 'junit:-'],
      }),
    ).toEqual([
      {
        format: 'sarif',
        path: 'reports/seo.sarif',
        given: '--out sarif:reports/seo.sarif',
      },
      { format: 'json', path: 'a:b.json', given: '--out json:a:b.json' },
      { format: 'junit', path: '-', given: '--out junit:-' },
    ]);
  });

  it('takes --json as json:- and --junit, --sarif, --markdown as their --out', () => {
    expect(
      outTargetsOf('audit-site', {
        json: true,
        markdown: 'seo.md',
        junit: 'seo.xml',
        sarif: 'seo.sarif',
        out: ['json:audit.json'],
      }),
    ).toEqual([
      { format: 'json', path: '-', given: '--json' },
      { format: 'junit', path: 'seo.xml', given: '--junit' },
      { format: 'sarif', path: 'seo.sarif', given: '--sarif' },
      { format: 'markdown', path: 'seo.md', given: '--markdown' },
      { format: 'json', path: 'audit.json', given: '--out json:audit.json' },
    ]);
  });

  it('repeats a format into files of its own', () => {
    expect(
      outTargetsOf('audit-site', { out: ['json:a.json', 'json:b.json'] }).map(
        (target) => target.path,
      ),
    ).toEqual(['a.json', 'b.json']);
  });

  it('asks for nothing when nothing is given', () => {
    expect(outTargetsOf('analyse', { json: false })).toEqual([]);
  });

  it.each([
    [
      'audit-site',
      'docx:audit.docx',
      '--out docx:audit.docx: unknown format "docx"; audit-site writes pdf, html, csv, json, junit, sarif, markdown',
    ],
    [
      'analyse',
      'junit:seo.xml',
      '--out junit:seo.xml: unknown format "junit"; analyse writes pdf, html, json',
    ],
    [
      'audit-site',
      'audit.json',
      '--out audit.json is not FORMAT:FILE; audit-site writes pdf, html, csv, json, junit, sarif, markdown',
    ],
    [
      'audit-site',
      ':audit.json',
      '--out :audit.json: unknown format ""; audit-site writes pdf, html, csv, json, junit, sarif, markdown',
    ],
  ] as const)(
    '%s refuses --out %s, naming the formats it knows',
    (command, spelled, message) => {
      const reading = () => outTargetsOf(command, { out: [spelled] });
      expect(reading).toThrow(UsageError);
      expect(reading).toThrow(message);
    },
  );

  it.each(['junit', 'junit:'])(
    'refuses --out %s: a format without its file',
    (spelled) => {
      expect(() => outTargetsOf('audit-site', { out: [spelled] })).toThrow(
        new UsageError(
          `--out ${spelled} names no file: give --out junit:FILE (junit:- for stdout)`,
        ),
      );
    },
  );

  it('refuses one file named twice, however it is spelled', () => {
    expect(() =>
      outTargetsOf('audit-site', {
        junit: 'reports/seo.xml',
        out: [`sarif:${resolve('reports/./seo.xml')}`],
      }),
    ).toThrow(
      `--junit and --out sarif:${resolve('reports/seo.xml')} both write ${resolve('reports/./seo.xml')}: give each output a file of its own`,
    );
    expect(() =>
      outTargetsOf('audit-site', { out: ['json:a.json', 'json:a.json'] }),
    ).toThrow(UsageError);
  });

  it('refuses stdout twice: --json and json:-, or two outputs on -', () => {
    expect(() =>
      outTargetsOf('analyse', { json: true, out: ['json:-'] }),
    ).toThrow(
      '--json and --out json:- both write to stdout: give one of them a file',
    );
    expect(() =>
      outTargetsOf('audit-site', { out: ['json:-', 'markdown:-'] }),
    ).toThrow(UsageError);
  });
});

describe('verdictTargets', () => {
  it('are the outputs of the gate, which need --assert', () => {
    const targets = outTargetsOf('audit-site', {
      json: true,
      junit: 'seo.xml',
      out: ['markdown:seo.md', 'json:audit.json', 'sarif:seo.sarif'],
    });
    expect(
      verdictTargets('audit-site', targets).map((target) => target.given),
    ).toEqual(['--junit', '--out markdown:seo.md', '--out sarif:seo.sarif']);
  });
});

describe('the formats of the command line', () => {
  it("are every format of the registry that writes the subject, and the gate's verdicts", () => {
    expect(formatsOf('analyse')).toEqual(
      OUTPUT_FORMATS.filter((format) => format.report).map((f) => f.name),
    );
    expect(formatsOf('audit-site')).toEqual([
      'pdf',
      'html',
      'csv',
      'json',
      'junit',
      'sarif',
      'markdown',
    ]);
    expect(new Set(formatsOf('audit-site'))).toEqual(
      new Set(
        OUTPUT_FORMATS.filter((format) => format.siteAudit).map((f) => f.name),
      ),
    );
  });

  it('each say what they hold in the usage text, the verdicts needing --assert', () => {
    expect(formatsUsage('audit-site', 4).split('\n')).toEqual([
      "    pdf       the white-label PDF, in the account's branding",
      '    html      the document the PDF prints, as one HTML file',
      '    csv       the findings, one row each, the most important first',
      '    json      the audit and its issues, as --json prints them',
      '    junit     the verdict as JUnit XML (a test case per assertion)',
      '    sarif     the verdict as SARIF 2.1.0 (a result per failed page)',
      '    markdown  the verdict as a pull-request comment',
      "  junit, sarif, markdown: the gate's verdict, with --assert",
    ]);
  });
});

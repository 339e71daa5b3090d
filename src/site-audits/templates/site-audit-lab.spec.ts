import { lcpResult } from '../../../test/support/lab-results.js';
import { LabError } from '../../lab/lab-result.js';
import type { LabMeasurer, LabResult } from '../../lab/lab-result.js';
import type { PageTemplate, TemplatePage } from './page-templates.js';
import type { PageTemplatesRepository } from './page-templates.repository.js';
import { SiteAuditLab } from './site-audit-lab.js';
import type {
  LabFailure,
  LabPageRow,
  SiteAuditLabRepository,
  StoredTemplate,
} from './site-audit-lab.repository.js';
import type { TemplateMetric } from './template-metrics.js';

/** The lab phase's storage of one audit, in memory. */
class MemoryLabStore {
  templates: StoredTemplate[] = [];
  measuredCount = 0;
  cancelAfter = Infinity;

  constructor(readonly pages: TemplatePage[]) {}

  plan(templates: PageTemplate[], measured: number) {
    this.templates = templates.map((t, i) => ({
      ordinal: i + 1,
      name: t.name,
      pattern: t.pattern,
      pageCount: t.pageCount,
      metrics: null,
      labPages:
        i < measured
          ? t.representatives.map((p, position) => ({
              template: i + 1,
              position,
              url: p.url,
              state: 'pending' as const,
              result: null,
              error: null,
            }))
          : [],
    }));
  }

  record(
    page: Pick<LabPageRow, 'template' | 'position'>,
    outcome: { result: LabResult } | { error: LabFailure },
  ) {
    const row = this.templates[page.template - 1].labPages[page.position];
    Object.assign(
      row,
      'result' in outcome
        ? { state: 'measured', result: outcome.result }
        : { state: 'failed', error: outcome.error },
    );
    this.measuredCount += 1;
  }
}

/** The repository's reads and writes over audits kept in memory, by id. */
function repositoryOf(
  audits: Record<string, MemoryLabStore>,
): SiteAuditLabRepository {
  const fake: Pick<
    SiteAuditLabRepository,
    | 'hasPlan'
    | 'plan'
    | 'pendingPages'
    | 'cancelled'
    | 'recordMeasurement'
    | 'saveMetrics'
    | 'templatesOf'
  > = {
    hasPlan: (id) => Promise.resolve(audits[id].templates.length > 0),
    plan: (id, templates, measured) =>
      Promise.resolve(audits[id].plan(templates, measured)),
    pendingPages: (id) =>
      Promise.resolve(
        audits[id].templates.flatMap((t) =>
          t.labPages.filter((p) => p.state === 'pending'),
        ),
      ),
    cancelled: (id) =>
      Promise.resolve(audits[id].measuredCount >= audits[id].cancelAfter),
    recordMeasurement: (id, page, outcome) =>
      Promise.resolve(audits[id].record(page, outcome)),
    saveMetrics: (id, ordinal, metrics: TemplateMetric[]) => {
      audits[id].templates[ordinal - 1].metrics = metrics;
      return Promise.resolve();
    },
    templatesOf: (id) => Promise.resolve(audits[id].templates),
  };
  return fake as SiteAuditLabRepository;
}

/** The pages to group, of audits kept in memory, by id. */
function templatesOf(
  audits: Record<string, MemoryLabStore>,
): PageTemplatesRepository {
  const fake: Pick<PageTemplatesRepository, 'pagesToGroup'> = {
    pagesToGroup: (id) => Promise.resolve(audits[id].pages),
  };
  return fake as PageTemplatesRepository;
}

/** Measures with a turn of the event loop between start and end, so overlaps show. */
class CountingMeasurer implements LabMeasurer {
  running = 0;
  mostAtOnce = 0;
  asked: Array<{ url: string; runs: number }> = [];
  async measure(url: string, { runs }: { runs: number }) {
    this.running += 1;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
    this.asked.push({ url, runs });
    await new Promise((resolve) => setImmediate(resolve));
    this.running -= 1;
    if (url.includes('broken')) throw new LabError('timeout', 'too slow');
    if (url.includes('crash')) throw new Error('a bug');
    return lcpResult(url, 1000 + url.length);
  }
}

const site = (prefix: string): TemplatePage[] =>
  ['a', 'b', 'c', 'd'].map((slug) => ({
    key: `${prefix}-${slug}`,
    url: `https://${prefix}.example/post/${slug}-x`,
    skeleton: 'post',
  }));

function labWith(store: MemoryLabStore, measurer: LabMeasurer | null) {
  return new SiteAuditLab(
    repositoryOf({ '1': store }),
    templatesOf({ '1': store }),
    measurer,
  );
}

describe('SiteAuditLab', () => {
  it('measures one page at a time in a process, even for two audits at once', async () => {
    const measurer = new CountingMeasurer();
    const one = new MemoryLabStore(site('one'));
    const two = new MemoryLabStore(site('two'));
    const audits = { '1': one, '2': two };
    const lab = new SiteAuditLab(
      repositoryOf(audits),
      templatesOf(audits),
      measurer,
    );
    await Promise.all([lab.run('1', 3), lab.run('2', 3)]);
    expect(measurer.asked).toHaveLength(6);
    expect(two.templates[0].labPages.every((p) => p.state === 'measured')).toBe(
      true,
    );
    expect(measurer.mostAtOnce).toBe(1);
    expect(measurer.asked.every(({ runs }) => runs === 3)).toBe(true);
    expect(one.templates[0].metrics).toHaveLength(1);
  });

  it('records why a page could not be measured, and goes on', async () => {
    const store = new MemoryLabStore([
      ...site('ok'),
      { key: 'x', url: 'https://ok.example/broken', skeleton: 'other' },
      { key: 'y', url: 'https://ok.example/crash', skeleton: 'third' },
    ]);
    await labWith(store, new CountingMeasurer()).run('1', 1);
    const rows = store.templates.flatMap((t) => t.labPages);
    expect(rows.map((r) => [r.url, r.state, r.error?.code ?? null])).toEqual([
      ['https://ok.example/post/a-x', 'measured', null],
      ['https://ok.example/post/b-x', 'measured', null],
      ['https://ok.example/post/c-x', 'measured', null],
      ['https://ok.example/broken', 'failed', 'timeout'],
      ['https://ok.example/crash', 'failed', 'failed'],
    ]);
    expect(store.templates[1].metrics).toEqual([]);
  });

  it('says so for every page when the service has no measurer', async () => {
    const store = new MemoryLabStore(site('none'));
    await labWith(store, null).run('1', 3);
    expect(store.templates[0].labPages.map((p) => p.error?.code)).toEqual([
      'browser_missing',
      'browser_missing',
      'browser_missing',
    ]);
  });

  it('stops between pages once the audit is cancelled, leaving the rest pending', async () => {
    const store = new MemoryLabStore(site('cut'));
    store.cancelAfter = 1;
    await labWith(store, new CountingMeasurer()).run('1', 3);
    expect(store.templates[0].labPages.map((p) => p.state)).toEqual([
      'measured',
      'pending',
      'pending',
    ]);
  });

  it('keeps what an interrupted run measured and measures the rest', async () => {
    const store = new MemoryLabStore(site('again'));
    store.cancelAfter = 1;
    const measurer = new CountingMeasurer();
    await labWith(store, measurer).run('1', 3);
    store.cancelAfter = Infinity;
    await labWith(store, measurer).run('1', 3);
    expect(measurer.asked.map((a) => a.url)).toEqual([
      'https://again.example/post/a-x',
      'https://again.example/post/b-x',
      'https://again.example/post/c-x',
    ]);
  });
});

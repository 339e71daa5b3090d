import { html, startFixtureSite } from './fixture-server.js';
import type { FixtureHandler, FixtureSite } from './fixture-server.js';

/**
 * A generated site of five templates, each its own layout and URL pattern, whose
 * pages' images set the LCP a fake lab measurer gives them (fake-lab-measurer.ts):
 * a home page, blog posts, products (heavy: 8 images), categories and docs, one of
 * which cannot be measured (`data-lab-fails`).
 */
export const TEMPLATES = {
  '/blog/{slug}': {
    paths: [
      'alpha',
      'bravo',
      'charlie',
      'delta',
      'echo',
      'foxtrot',
      'golf',
      'hotel',
    ].map((slug) => `/blog/${slug}-post`),
    lcp: 1800,
  },
  '/product/{id}': {
    paths: [101, 102, 103, 104, 105, 106].map((id) => `/product/${id}`),
    lcp: 4200,
  },
  '/docs/{slug}': {
    paths: ['configure', 'deploy', 'install', 'upgrade'].map(
      (s) => `/docs/${s}`,
    ),
    lcp: 1000,
  },
  '/category/{slug}': {
    paths: ['bags', 'hats', 'shoes'].map((s) => `/category/${s}`),
    lcp: 2200,
  },
  '/': { paths: ['/'], lcp: 1400 },
} as const;

/** The docs page the fake cannot measure: the first of its template's representatives. */
export const UNMEASURABLE = '/docs/configure';

const ALL = Object.values(TEMPLATES).flatMap((t) => [...t.paths]);

const img = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `<img src="/i${i}.png" alt="Figure ${i + 1}" width="40" height="40">`,
  ).join('');

function page(path: string, title: string, main: string, extra = ''): string {
  const nav = ALL.map(
    (p) => `<a href="${p}">${p === '/' ? 'Home' : p}</a>`,
  ).join(' ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} (${path})</title>
<meta name="description" content="The page ${path} of a generated site of five templates, measured in the lab.">
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body${extra}><header><nav>${nav}</nav></header>${main}<footer><p>Generated for the lab phase.</p></footer></body></html>`;
}

function bodyOf(template: keyof typeof TEMPLATES, path: string): string {
  const words = `Words about ${path} that make it a page of its own. `.repeat(
    20,
  );
  switch (template) {
    case '/':
      return page(
        path,
        'Home',
        `<main><section>${img(1)}</section><ul><li>${words}</li></ul></main>`,
      );
    case '/blog/{slug}':
      return page(
        path,
        'Post',
        `<main><article><h1>A post</h1><p>${words}</p>${img(2)}</article></main>`,
      );
    case '/product/{id}':
      return page(
        path,
        'Product',
        `<main><div>${img(8)}</div><table><tr><td>${words}</td></tr></table></main>`,
      );
    case '/docs/{slug}':
      return page(
        path,
        'Docs',
        `<aside><ul><li>Contents</li></ul></aside><main><article><h1>Docs</h1><pre>${words}</pre></article></main>`,
        path === UNMEASURABLE ? ' data-lab-fails' : '',
      );
    case '/category/{slug}':
      return page(
        path,
        'Category',
        `<main><h1>A category</h1><ul><li>${img(3)}${words}</li></ul></main>`,
      );
  }
}

export function startTemplatedSite(): Promise<FixtureSite> {
  const routes: Record<string, FixtureHandler> = {};
  for (const [name, { paths }] of Object.entries(TEMPLATES)) {
    for (const path of paths) {
      const body = bodyOf(name as keyof typeof TEMPLATES, path);
      routes[path] = (_req, res) => html(res, body);
    }
  }
  return startFixtureSite(routes);
}

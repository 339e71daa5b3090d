/**
 * Pages whose content a script writes: the shell a server sends (an empty
 * `<div id="app">`, a placeholder title) and the same content as static HTML, so a
 * test can compare what rendering finds with what the static page holds.
 */

export interface PageContent {
  title: string;
  description: string;
  h1: string;
  sentences: string[];
  /** [href, text] */
  links: [string, string][];
}

/** Content a crawler judges well: a real title, a description, an h1, prose and links. */
export function sampleContent(
  name: string,
  links: [string, string][],
): PageContent {
  return {
    title: `${name}: plans and prices for site audit teams`,
    description: `What the ${name} page offers site audit teams, with prices per month and per year.`,
    h1: `${name} for site audit teams`,
    sentences: Array.from(
      { length: 30 },
      (_, i) =>
        `Sentence ${i + 1} of the ${name} page explains one thing about audits.`,
    ),
    links,
  };
}

function escape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function bodyOf(content: PageContent): string {
  return `<h1>${escape(content.h1)}</h1><p>${content.sentences.map(escape).join(' ')}</p><nav>${content.links.map(([href, text]) => `<a href="${escape(href)}">${escape(text)}</a>`).join(' ')}</nav>`;
}

/** The content served as it is. */
export function staticPage(content: PageContent): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(content.title)}</title><meta name="description" content="${escape(content.description)}"></head><body><div id="app">${bodyOf(content)}</div></body></html>`;
}

/**
 * The script that writes `content` into the shell: title, description, body. JSON
 * inside a script: `<` escaped so no `</script>` ends it early.
 */
function writeScript(content: PageContent): string {
  const data = JSON.stringify({
    title: content.title,
    description: content.description,
    body: bodyOf(content),
  }).replace(/</g, '\\u003c');
  return `const page = ${data};
function show(page) {
  document.title = page.title;
  const meta = document.createElement('meta');
  meta.name = 'description';
  meta.content = page.description;
  document.head.appendChild(meta);
  document.getElementById('app').innerHTML = page.body;
}`;
}

const SHELL_HEAD =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loading…</title></head>';

/** The shell, filled by a script as soon as it runs. */
export function clientRenderedPage(content: PageContent): string {
  return `${SHELL_HEAD}<body><div id="app"></div><script>${writeScript(content)}
show(page);</script></body></html>`;
}

/** The shell, filled with what a fetch of `dataPath` answers (`contentJson(content)` serves it). */
export function fetchRenderedPage(dataPath: string): string {
  return `${SHELL_HEAD}<body><div id="app"></div><script>${writeScript({ title: '', description: '', h1: '', sentences: [], links: [] })}
fetch(${JSON.stringify(dataPath)}).then((r) => r.json()).then(show);</script></body></html>`;
}

/** The answer `fetchRenderedPage` asks for. */
export function contentJson(content: PageContent): string {
  return JSON.stringify({
    title: content.title,
    description: content.description,
    body: bodyOf(content),
  });
}

/**
 * A page of a single-page app with history routing: the script moves the address to
 * `route` (pushState) and writes that route's content.
 */
export function historyRoutedPage(route: string, content: PageContent): string {
  return `${SHELL_HEAD}<body><div id="app"></div><script>${writeScript(content)}
history.pushState({}, '', ${JSON.stringify(route)});
show(page);</script></body></html>`;
}

/** The empty section above a lazy page's content. */
const LAZY_SPACE = '<div style="height:3000px">Scroll down</div>';

/** What `lazyRenderedPage` shows once rendered, served as it is. */
export function lazyStaticPage(content: PageContent): string {
  return staticPage(content).replace('<body>', `<body>${LAZY_SPACE}`);
}

/**
 * A page whose content is below a tall empty section and loads only when it scrolls
 * into view (IntersectionObserver), fetched from `dataPath`: a renderer that never
 * looks past its first screen misses it.
 */
export function lazyRenderedPage(dataPath: string): string {
  return `${SHELL_HEAD}<body>${LAZY_SPACE}<div id="app"></div><script>${writeScript({ title: '', description: '', h1: '', sentences: [], links: [] })}
new IntersectionObserver((entries, observer) => {
  if (!entries.some((entry) => entry.isIntersecting)) return;
  observer.disconnect();
  fetch(${JSON.stringify(dataPath)}).then((r) => r.json()).then(show);
}).observe(document.getElementById('app'));</script></body></html>`;
}

/**
 * Reads what an earlier page left (cookie, local and session storage, IndexedDB,
 * cache storage, service workers) into the title, then leaves each of them behind.
 */
export const LEAVES_STATE_SCRIPT = `(async () => {
  const found = [
    'cookie=' + document.cookie,
    'local=' + localStorage.getItem('seen'),
    'session=' + sessionStorage.getItem('seen'),
    'idb=' + (await indexedDB.databases()).map((db) => db.name).join('|'),
    'caches=' + (await caches.keys()).join('|'),
    'workers=' + (navigator.serviceWorker ? (await navigator.serviceWorker.getRegistrations()).length : 'none'),
  ];
  document.title = found.join(' ');
  document.cookie = 'seen=1; max-age=3600';
  localStorage.setItem('seen', '1');
  sessionStorage.setItem('seen', '1');
  await new Promise((done) => { const open = indexedDB.open('left-db', 1); open.onsuccess = open.onerror = done; });
  await caches.open('left-cache');
  try { await navigator.serviceWorker.register('/sw.js'); } catch {}
})();`;

/** The title of a page that found nothing left by an earlier one. */
export const NOTHING_LEFT =
  '<title>cookie= local=null session=null idb= caches= workers=0</title>';

/** The service worker LEAVES_STATE_SCRIPT registers (at /sw.js). */
export const SERVICE_WORKER_SCRIPT =
  "self.addEventListener('fetch', () => {});";

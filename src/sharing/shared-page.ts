import { escapeHtml, PAGE_HEADERS, pageLayout } from '../common/html-page.js';
import type { ProblemDocument } from '../common/problem.js';
import type { ProblemPage } from '../common/problem-pages.js';

/** The password form of a shared page; `action` is the page's own address. */
export function passwordPage(
  noun: string,
  action: string,
  wrongPassword: boolean,
): string {
  return pageLayout(
    'Password required',
    `<header><h1>This ${escapeHtml(noun)} is protected</h1>
<p class="muted">Enter the password you were given to read this ${escapeHtml(noun)}.</p></header>
<section class="card">
<form method="post" action="${escapeHtml(action)}">
<label for="password" class="muted">Password</label>
<input id="password" name="password" type="password" required maxlength="128" autocomplete="current-password" autofocus>
<button type="submit">Open ${escapeHtml(noun)}</button>
</form>
${wrongPassword ? '<p class="error" role="alert">That password is not right.</p>' : ''}
</section>`,
  );
}

export function messagePage(title: string, message: string): string {
  return pageLayout(
    title,
    `<header><h1>${escapeHtml(title)}</h1></header><section class="card"><p>${escapeHtml(message)}</p></section>`,
  );
}

/** Errors of a kind's shared pages, answered as pages since people open them in a browser. */
export function sharedProblemPages(
  noun: string,
): (problem: ProblemDocument) => ProblemPage {
  const texts: Record<number, [string, string]> = {
    404: [
      `${noun[0].toUpperCase()}${noun.slice(1)} not found`,
      `There is no ${noun} at this address.`,
    ],
    429: ['Too many attempts', 'Too many wrong passwords. Try again later.'],
    503: [
      'Unavailable',
      'The service cannot reach its database. Try again shortly.',
    ],
  };
  return (problem) => {
    const [title, message] = texts[problem.status] ?? [
      problem.title,
      problem.detail,
    ];
    return { html: messagePage(title, message), headers: { ...PAGE_HEADERS } };
  };
}

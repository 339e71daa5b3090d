import type { Request, Response } from 'express';
import { pageHeadersFor } from '../common/html-page.js';
import type { ShareCookie } from './share-gate.js';

/** The value of one cookie of the request; undefined when it was not sent. */
export function cookieOf(request: Request, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** A shared page, with the headers every one carries (no script, unframeable, private). */
export function sendPage(
  response: Response,
  status: number,
  html: string,
): void {
  response.status(status).set(pageHeadersFor(html)).send(html);
}

/** Sets the cookie a right password earned, for its link's path only. */
export function setShareCookie(
  request: Request,
  response: Response,
  cookie: ShareCookie,
): void {
  response.cookie(cookie.name, cookie.value, {
    httpOnly: true,
    // Lax, not Strict: a share link opened from e-mail or chat still finds the
    // cookie; the cookie only ever unlocks a GET.
    sameSite: 'lax',
    secure: request.secure,
    path: cookie.path,
    maxAge: cookie.maxAgeSeconds * 1000,
  });
}

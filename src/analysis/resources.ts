import { isTag } from 'domhandler';
import type { Element } from 'domhandler';
import { elementsOf, resolveUrl, tokensOf } from './parse.js';
import type { ParsedPage } from './parse.js';
import type { SubresourceKind } from './types.js';

/**
 * What the page makes the browser fetch, a fact of the parsed page beside links.ts:
 * read by http_requests (how many requests), mixed_content (whether any goes over
 * plain http) and the link probes of gathering (which of them answer).
 */

export interface Subresource {
  kind: SubresourceKind;
  /** Absolute, without fragment: the URL the browser requests. */
  url: string;
}

/** Link relations whose target the browser downloads. */
const FETCHED_LINK_RELS = [
  'stylesheet',
  'icon',
  'apple-touch-icon',
  'preload',
  'modulepreload',
  'manifest',
];

/** The URLs of a srcset list ("a.webp 1x, b.webp 2x"). */
export function srcsetUrls(srcset: string | undefined): string[] {
  if (!srcset) return [];
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0])
    .filter(Boolean);
}

function attribute(element: Element, name: string): string | null {
  const value = element.attribs[name]?.trim();
  return value ? value : null;
}

/** One entry per request a browser would make for the page (unique URLs). */
export function subresourceRequests(page: ParsedPage): Subresource[] {
  const seen = new Set<string>();
  const requests: Subresource[] = [];
  // Compared resolved: "a.webp", "/a.webp" and "/a.webp#x" are one request; an invalid URL is none.
  const add = (kind: SubresourceKind, reference: string | null) => {
    const resolved = reference === null ? null : resolveUrl(page, reference);
    if (resolved === null) return;
    resolved.hash = '';
    const url = resolved.href;
    if (seen.has(url)) return;
    seen.add(url);
    requests.push({ kind, url });
  };
  for (const script of elementsOf(page, 'script')) {
    add('script', attribute(script, 'src'));
  }
  for (const link of elementsOf(page, 'link')) {
    if (tokensOf(link, 'rel').includes('stylesheet')) {
      add('stylesheet', attribute(link, 'href'));
    }
  }
  for (const img of elementsOf(page, 'img')) {
    add(
      'image',
      attribute(img, 'src') ?? srcsetUrls(img.attribs.srcset)[0] ?? null,
    );
  }
  for (const tag of ['video', 'audio']) {
    for (const media of elementsOf(page, tag)) {
      const source = media.children.find(
        (child): child is Element => isTag(child) && child.name === 'source',
      );
      add(
        'media',
        attribute(media, 'src') ?? (source ? attribute(source, 'src') : null),
      );
    }
  }
  for (const frame of elementsOf(page, 'iframe')) {
    add('frame', attribute(frame, 'src'));
  }
  for (const embed of elementsOf(page, 'embed')) {
    add('object', attribute(embed, 'src'));
  }
  for (const object of elementsOf(page, 'object')) {
    add('object', attribute(object, 'data'));
  }
  return requests;
}

/** Every URL the page asks the browser to load, including alternatives (srcset, sources, posters). */
export function loadedUrls(page: ParsedPage): string[] {
  const urls: string[] = [];
  const push = (value: string | null) => {
    if (value !== null) urls.push(value);
  };
  for (const script of elementsOf(page, 'script'))
    push(attribute(script, 'src'));
  for (const link of elementsOf(page, 'link')) {
    const rels = tokensOf(link, 'rel');
    if (FETCHED_LINK_RELS.some((rel) => rels.includes(rel))) {
      push(attribute(link, 'href'));
    }
  }
  for (const tag of ['img', 'source']) {
    for (const element of elementsOf(page, tag)) {
      push(attribute(element, 'src'));
      for (const url of srcsetUrls(element.attribs.srcset)) push(url);
    }
  }
  for (const tag of ['video', 'audio', 'track', 'iframe', 'embed']) {
    for (const element of elementsOf(page, tag))
      push(attribute(element, 'src'));
  }
  for (const video of elementsOf(page, 'video'))
    push(attribute(video, 'poster'));
  for (const object of elementsOf(page, 'object'))
    push(attribute(object, 'data'));
  return urls;
}

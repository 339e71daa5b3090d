import { createHash } from 'node:crypto';
import { isTag } from 'domhandler';
import type { AnyNode, Element } from 'domhandler';
import { elementsOf } from '../parse.js';
import type { ParsedPage } from '../parse.js';

/** Levels of the body read: deep enough to tell a layout, shallow enough to ignore content. */
const SKELETON_DEPTH = 3;

/** Elements that say nothing of a page's layout. */
const IGNORED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'link',
  'meta',
  'br',
  'wbr',
]);

/**
 * The page's skeleton: the tag sequence of its body's top levels (with their
 * landmark roles), runs of the same element counted once so a list's length is not
 * structure. Pages of one template (a blog post, a product) share it.
 */
export function pageSkeletonOf(page: ParsedPage): string {
  const [body] = elementsOf(page, 'body');
  const roots = body ? body.children : page.document.children;
  return shapeOf(roots, SKELETON_DEPTH);
}

/** The skeleton, hashed: 16 characters a page's record keeps. */
export function skeletonDigestOf(page: ParsedPage): string {
  return createHash('sha256')
    .update(pageSkeletonOf(page))
    .digest('base64url')
    .slice(0, 16);
}

function shapeOf(nodes: AnyNode[], depth: number): string {
  const parts: string[] = [];
  for (const node of nodes) {
    if (!isTag(node) || IGNORED.has(node.name)) continue;
    const part =
      depth > 1 && node.children.some(isTag)
        ? `${labelOf(node)}(${shapeOf(node.children, depth - 1)})`
        : labelOf(node);
    if (parts[parts.length - 1] !== part) parts.push(part);
  }
  return parts.join(',');
}

function labelOf(element: Element): string {
  const role = element.attribs.role?.trim().toLowerCase();
  return role ? `${element.name}[${role}]` : element.name;
}

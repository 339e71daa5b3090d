import {
  SCHEMA_ORG_PROPERTY_DOMAINS,
  SCHEMA_ORG_TYPE_PARENTS,
} from './schema-org-vocabulary.js';

/** The schema.org vocabulary as the judge asks it: is this a type, is this property expected on it. */

const ancestorsCache = new Map<string, ReadonlySet<string>>();

/** Whether `name` is a schema.org type (a local name such as `Product`). */
export function isSchemaOrgType(name: string): boolean {
  return Object.hasOwn(SCHEMA_ORG_TYPE_PARENTS, name);
}

/** Whether `name` is a schema.org property, on whatever type. */
export function isSchemaOrgProperty(name: string): boolean {
  return Object.hasOwn(SCHEMA_ORG_PROPERTY_DOMAINS, name);
}

/** The type and every type it descends from (`NewsArticle` → Article, CreativeWork, Thing). */
export function selfAndAncestors(type: string): ReadonlySet<string> {
  const cached = ancestorsCache.get(type);
  if (cached) return cached;
  const found = new Set<string>();
  const queue = [type];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (found.has(next) || !isSchemaOrgType(next)) continue;
    found.add(next);
    queue.push(...SCHEMA_ORG_TYPE_PARENTS[next]);
  }
  ancestorsCache.set(type, found);
  return found;
}

/** Whether `property` is expected on an item of `type` (its domain includes the type or an ancestor). */
export function isPropertyOf(property: string, type: string): boolean {
  if (!isSchemaOrgProperty(property)) return false;
  const lineage = selfAndAncestors(type);
  return SCHEMA_ORG_PROPERTY_DOMAINS[property].some((domain) =>
    lineage.has(domain),
  );
}

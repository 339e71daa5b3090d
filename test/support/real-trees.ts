import { existsSync } from 'node:fs';

/**
 * Debian's documentation trees the real-site tests and benchmarks audit: each from
 * its package (`apt-get install python3.11-doc postgresql-doc-15 python-django-doc
 * rust-doc`; `.ci/run` installs the first three), served from 127.0.0.1 by
 * static-tree.ts, crawled from its start page.
 */
export interface RealTree {
  name: string;
  /** The Debian package that installs it. */
  debianPackage: string;
  root: string;
  start: string;
}

export const REAL_TREES: readonly RealTree[] = [
  {
    name: 'python3.11',
    debianPackage: 'python3.11-doc',
    root: '/usr/share/doc/python3.11/html',
    start: '/index.html',
  },
  {
    name: 'postgresql-15',
    debianPackage: 'postgresql-doc-15',
    root: '/usr/share/doc/postgresql-doc-15/html',
    start: '/index.html',
  },
  {
    name: 'django',
    debianPackage: 'python-django-doc',
    root: '/usr/share/doc/python-django-doc/html',
    start: '/index.html',
  },
  {
    name: 'rust',
    debianPackage: 'rust-doc',
    root: '/usr/share/doc/rust-doc/html',
    start: '/index.html',
  },
];

/** The trees installed on this machine, among `names` (every tree when empty). */
export function installedTrees(names: readonly string[] = []): RealTree[] {
  return REAL_TREES.filter(
    (tree) =>
      (names.length === 0 || names.includes(tree.name)) &&
      existsSync(`${tree.root}${tree.start}`),
  );
}

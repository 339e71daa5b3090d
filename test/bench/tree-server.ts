import { serveTree } from '../support/static-tree.js';

/**
 * A documentation tree served by a child process of a bench, so that its CPU is not
 * the bench's: `node tree-server.js <root>`. Tells the parent its origin over IPC, and
 * stops when told to.
 */
const tree = await serveTree(process.argv[2]);
process.send?.({ origin: tree.origin });
process.on('message', () => {
  void tree.close().then(() => process.exit(0));
});

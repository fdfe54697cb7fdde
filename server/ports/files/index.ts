import type { FileStore } from '../files.ts';
import { folderFileStore } from './folder-store.ts';

/**
 * The file store chosen at start: the folder `dir` on Node. The Worker build replaces ./folder-store.ts
 * (vite.config.ts) by a store that refuses uploads, until a bucket adapter is added beside it.
 */
export function createFileStore(choice: { dir: string }): FileStore {
  return folderFileStore(choice.dir);
}

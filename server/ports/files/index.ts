import type { FileStore } from '../../kernel/ports/files.ts';
import { type BucketLike, bucketFileStore } from './bucket-store.ts';
import { folderFileStore } from './folder-store.ts';

export type { BucketLike };

/**
 * The file store chosen at start: the R2 bucket when the Worker has one bound, else the folder `dir`. The
 * Worker build replaces ./folder-store.ts (vite.config.ts) by a store that refuses uploads, so a Worker
 * without a bucket says so instead of writing to a disk it does not have.
 */
export function createFileStore(choice: { dir: string; bucket?: BucketLike }): FileStore {
  return choice.bucket ? bucketFileStore(choice.bucket) : folderFileStore(choice.dir);
}

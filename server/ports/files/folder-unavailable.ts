import { FileStorageUnavailable, type FileStore } from '../../kernel/ports/files.ts';

/**
 * Stands in for ./folder-store.ts in the Worker build (vite.config.ts): a Worker has no lasting disk.
 * Uploads are refused with a clear error and nothing is found, until a bucket (R2) adapter is configured.
 */
export function folderFileStore(_dir: string): FileStore {
  return {
    async put() {
      throw new FileStorageUnavailable('No file storage in the Worker build: configure a bucket adapter');
    },
    async get() {
      return null;
    },
    // Nothing was ever stored here.
    async delete() {},
  };
}

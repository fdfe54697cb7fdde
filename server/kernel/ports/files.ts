/** A stored file as it is read back: its bytes as a stream, the type it was stored with, its size. */
export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  size: number;
}

/**
 * Where uploaded files live, by key: a folder on Node (`FILES_DIR`), a bucket (R2, S3) at scale. Keys are
 * chosen by the platform, never by users: relative paths of letters, digits, `.`, `_` and `-`.
 * The database says which files exist and who may read them; the store only keeps bytes.
 */
export interface FileStore {
  /** Writes the whole file, replacing any file of that key; once it resolves, `get` finds it. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when no file has this key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a key with no file is not an error. */
  delete(key: string): Promise<void>;
}

/** No storage can take the file here (the Worker build without a bucket): the upload is refused. */
export class FileStorageUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileStorageUnavailable';
  }
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** A key that cannot leave the store's root: no empty, `.` or `..` segment, no absolute path. */
export function assertFileKey(key: string): void {
  if (!KEY.test(key) || key.length > 512) throw new Error(`Invalid file key: ${JSON.stringify(key)}`);
}

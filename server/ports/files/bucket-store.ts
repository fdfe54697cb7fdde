import { assertFileKey, type FileStore } from '../../kernel/ports/files.ts';

/** The part of an R2 bucket binding (wrangler.toml `[[r2_buckets]]`) the store uses. */
export interface BucketLike {
  put(
    key: string,
    value: Uint8Array | ArrayBuffer,
    options?: { httpMetadata?: { contentType?: string } },
  ): Promise<unknown>;
  get(key: string): Promise<{
    body: ReadableStream<Uint8Array>;
    size: number;
    httpMetadata?: { contentType?: string };
  } | null>;
  delete(key: string): Promise<void>;
}

const DEFAULT_TYPE = 'application/octet-stream';

/**
 * Files in an R2 bucket, the Workers' store (docs/decisions/0025): a put is atomic (a reader never sees
 * half a file), the content type travels as the object's HTTP metadata, and reading streams the object.
 */
export function bucketFileStore(bucket: BucketLike): FileStore {
  return {
    async put(key, bytes, contentType) {
      assertFileKey(key);
      await bucket.put(key, bytes, { httpMetadata: { contentType } });
    },
    async get(key) {
      assertFileKey(key);
      const object = await bucket.get(key);
      if (!object) return null;
      return {
        body: object.body,
        contentType: object.httpMetadata?.contentType || DEFAULT_TYPE,
        size: object.size,
      };
    },
    async delete(key) {
      assertFileKey(key);
      await bucket.delete(key);
    },
  };
}

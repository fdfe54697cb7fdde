import { type FileHandle, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertFileKey, type FileStore } from '../../kernel/ports/files.ts';

/** Beside each file, the content type it was stored with: a folder keeps no such metadata. */
const TYPE_SUFFIX = '.content-type';
const DEFAULT_TYPE = 'application/octet-stream';
const CHUNK_BYTES = 64 * 1024;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Files in a folder (`FILES_DIR`, data/uploads by default), created on demand. A file is written under a
 * temporary name and renamed into place, so a reader never sees half of it, even after a crash.
 */
export function folderFileStore(dir: string): FileStore {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    assertFileKey(key);
    return join(root, key);
  };
  let sequence = 0;

  return {
    async put(key, bytes, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.${++sequence}.part`;
      try {
        await writeFile(temporary, bytes);
        await writeFile(path + TYPE_SUFFIX, contentType);
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      const path = pathOf(key);
      const found = await stat(path).catch((error) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!found?.isFile()) return null;
      const contentType = await readFile(path + TYPE_SUFFIX, 'utf8').catch((error) => {
        if (isMissing(error)) return DEFAULT_TYPE;
        throw error;
      });
      return { body: fileStream(path), contentType: contentType.trim() || DEFAULT_TYPE, size: found.size };
    },

    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(path + TYPE_SUFFIX, { force: true });
    },
  };
}

/**
 * The file's bytes, opened on the first read and closed at the end or on cancel: a response whose body is
 * never read (a HEAD request, a client gone) holds no file descriptor.
 */
function fileStream(path: string): ReadableStream<Uint8Array> {
  let handle: FileHandle | undefined;
  const close = async () => {
    const open = handle;
    handle = undefined;
    await open?.close();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        handle ??= await open(path, 'r');
        const chunk = new Uint8Array(CHUNK_BYTES);
        const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, null);
        if (bytesRead === 0) {
          await close();
          controller.close();
        } else {
          controller.enqueue(chunk.subarray(0, bytesRead));
        }
      } catch (error) {
        await close();
        controller.error(error);
      }
    },
    cancel: close,
  });
}

/**
 * Makes a company picture's web size (decision 0030): a JPEG that fits `target` (the size the caller
 * computed from the file's header, never larger than the original), a transparent picture laid on white.
 * Photon's WebAssembly on Node; Cloudflare's Images binding on Workers (decision 0066), so that the Worker
 * does not carry 606 KiB of image codecs.
 */
export interface PictureResizer {
  /** UnreadableImage when the bytes cannot be decoded; PictureResizingUnavailable when nothing can resize. */
  webJpeg(bytes: Uint8Array, target: { width: number; height: number }): Promise<Uint8Array>;
}

/** The JPEG quality of the web size, on both runtimes. */
export const WEB_JPEG_QUALITY = 82;

export class UnreadableImage extends Error {}

/** No resizer here (a Worker without its Images binding): the upload is refused, nothing is stored. */
export class PictureResizingUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PictureResizingUnavailable';
  }
}

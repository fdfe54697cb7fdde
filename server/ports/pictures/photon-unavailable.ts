import { type PictureResizer, PictureResizingUnavailable } from '../../kernel/ports/pictures.ts';

/**
 * Stands in for ./photon.ts in the Worker build (vite.config.ts): photon's WebAssembly weighs 606 KiB
 * gzipped, more than half the Worker's budget. A Worker resizes with its Images binding; without one, the
 * upload is refused.
 */
export const photonResizer: PictureResizer = {
  async webJpeg() {
    throw new PictureResizingUnavailable(
      'No Images binding (IMAGES in wrangler.toml): pictures cannot be resized',
    );
  },
};

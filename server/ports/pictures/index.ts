import type { PictureResizer } from '../../kernel/ports/pictures.ts';
import { type ImagesBindingLike, imagesBindingResizer } from './images-binding.ts';
import { photonResizer } from './photon.ts';

export type { ImagesBindingLike };

/**
 * The picture resizer chosen at start: the Images binding when the Worker has one bound, else photon. The
 * Worker build replaces ./photon.ts (vite.config.ts) by a resizer that refuses, so photon's WebAssembly
 * never reaches the Worker.
 */
export function createPictureResizer(choice: { images?: ImagesBindingLike }): PictureResizer {
  return choice.images ? imagesBindingResizer(choice.images) : photonResizer;
}

import { type PictureResizer, UnreadableImage, WEB_JPEG_QUALITY } from '../../kernel/ports/pictures.ts';

/** The part of Cloudflare's Images binding (`env.IMAGES`) the resizer uses. */
export interface ImagesBindingLike {
  input(stream: ReadableStream<Uint8Array>): {
    transform(transform: { width: number; height: number; fit: 'scale-down' }): {
      output(options: { format: 'image/jpeg'; quality: number; background: string }): Promise<{
        response(): Response;
      }>;
    };
  };
}

/**
 * Cloudflare's Images binding resizes on Workers (decision 0066): the same target and quality as photon
 * on Node, on white. The binding refuses what it cannot decode by throwing (error 9412 and the like); that
 * is the picture's fault, said to the user as an unreadable file. `wrangler dev` answers it locally with
 * sharp.
 */
export function imagesBindingResizer(images: ImagesBindingLike): PictureResizer {
  return {
    async webJpeg(bytes, target) {
      let response: Response;
      try {
        const result = await images
          .input(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream())
          .transform({ ...target, fit: 'scale-down' })
          .output({ format: 'image/jpeg', quality: WEB_JPEG_QUALITY, background: '#FFFFFF' });
        response = result.response();
      } catch (error) {
        throw new UnreadableImage('the Images binding cannot decode the picture', { cause: error });
      }
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}

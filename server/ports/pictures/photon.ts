import { type PictureResizer, UnreadableImage, WEB_JPEG_QUALITY } from '../../kernel/ports/pictures.ts';

/**
 * Photon (Rust compiled to WebAssembly, from npm with its .wasm inside) decodes JPEG, PNG and WebP, scales
 * with Lanczos3, lays the picture on white and encodes a JPEG. Node only: the Worker build replaces this file
 * (vite.config.ts) and resizes with Cloudflare's Images binding instead.
 */
let photon: Promise<typeof import('@cf-wasm/photon')> | undefined;

export const photonResizer: PictureResizer = {
  async webJpeg(bytes, target) {
    // Loaded on the first picture, not at the server's start: its WebAssembly is 1.5 MB to compile.
    photon ??= import('@cf-wasm/photon');
    const { PhotonImage, resize, SamplingFilter } = await photon;
    let source: InstanceType<typeof PhotonImage>;
    try {
      source = PhotonImage.new_from_byteslice(bytes);
    } catch (error) {
      throw new UnreadableImage('the picture cannot be decoded', { cause: error });
    }
    const scaled =
      target.width === source.get_width() && target.height === source.get_height()
        ? source
        : resize(source, target.width, target.height, SamplingFilter.Lanczos3);
    const pixels = scaled.get_raw_pixels();
    for (let i = 0; i < pixels.length; i += 4) {
      const alpha = (pixels[i + 3] ?? 255) / 255;
      if (alpha === 1) continue;
      for (let c = 0; c < 3; c++)
        pixels[i + c] = Math.round((pixels[i + c] ?? 0) * alpha + 255 * (1 - alpha));
      pixels[i + 3] = 255;
    }
    const flat = new PhotonImage(pixels, target.width, target.height);
    try {
      return flat.get_bytes_jpeg(WEB_JPEG_QUALITY);
    } finally {
      flat.free();
      if (scaled !== source) scaled.free();
      source.free();
    }
  },
};

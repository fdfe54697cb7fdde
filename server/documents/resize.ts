import { PhotonImage, resize, SamplingFilter } from '@cf-wasm/photon';
import { PICTURE_WEB_SIZE, type PictureFormat } from '../../common/pictures.ts';

/**
 * A company picture's web size (decision 0030): photon (Rust compiled to WebAssembly, from npm with its
 * .wasm inside; `@cf-wasm/photon` loads it from a file on Node and as a module on Workers) decodes JPEG,
 * PNG and WebP, scales the picture to fit PICTURE_WEB_SIZE (never up), lays it on white (a transparent
 * logo stays readable on a card) and encodes a JPEG.
 */
export const WEB_JPEG_QUALITY = 82;

export class UnreadableImage extends Error {}

/** Width and height as the file's header says, before anything is decoded; null when it cannot be read. */
export function imageDimensions(
  bytes: Uint8Array,
  format: PictureFormat,
): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fits = (offset: number, length: number) => offset + length <= bytes.length;
  if (format === 'png') {
    return fits(16, 8) ? { width: view.getUint32(16), height: view.getUint32(20) } : null;
  }
  if (format === 'jpeg') {
    let at = 2;
    while (fits(at, 4)) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1] ?? 0;
      const length = view.getUint16(at + 2);
      const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
      if (isFrame)
        return fits(at + 5, 4) ? { height: view.getUint16(at + 5), width: view.getUint16(at + 7) } : null;
      at += 2 + length;
    }
    return null;
  }
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8X' && fits(24, 6)) {
    const u24 = (o: number) => (bytes[o] ?? 0) | ((bytes[o + 1] ?? 0) << 8) | ((bytes[o + 2] ?? 0) << 16);
    return { width: u24(24) + 1, height: u24(27) + 1 };
  }
  if (chunk === 'VP8 ' && fits(26, 4)) {
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (chunk === 'VP8L' && fits(21, 4)) {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return null;
}

/** The size that fits `bytes`'s picture within the web square, keeping its proportions. */
export function webSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PICTURE_WEB_SIZE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The web-size JPEG of a picture; UnreadableImage when it cannot be decoded. */
export function resizeForWeb(bytes: Uint8Array): { bytes: Uint8Array; width: number; height: number } {
  let source: PhotonImage;
  try {
    source = PhotonImage.new_from_byteslice(bytes);
  } catch (error) {
    throw new UnreadableImage('the picture cannot be decoded', { cause: error });
  }
  const target = webSize(source.get_width(), source.get_height());
  const scaled =
    target.width === source.get_width() && target.height === source.get_height()
      ? source
      : resize(source, target.width, target.height, SamplingFilter.Lanczos3);
  const pixels = scaled.get_raw_pixels();
  for (let i = 0; i < pixels.length; i += 4) {
    const alpha = (pixels[i + 3] ?? 255) / 255;
    if (alpha === 1) continue;
    for (let c = 0; c < 3; c++) pixels[i + c] = Math.round((pixels[i + c] ?? 0) * alpha + 255 * (1 - alpha));
    pixels[i + 3] = 255;
  }
  const flat = new PhotonImage(pixels, target.width, target.height);
  try {
    return { bytes: flat.get_bytes_jpeg(WEB_JPEG_QUALITY), ...target };
  } finally {
    flat.free();
    if (scaled !== source) scaled.free();
    source.free();
  }
}

import { PICTURE_WEB_SIZE, type PictureFormat } from '../../common/pictures.ts';

/**
 * A company picture's web size (decision 0030): read from the file's header, it fits PICTURE_WEB_SIZE (never
 * up). The resizing itself is a port (server/kernel/ports/pictures.ts: photon on Node, Cloudflare's Images
 * binding on Workers).
 */

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

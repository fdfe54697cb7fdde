/**
 * Draws the installable app's icons from the logo's shapes (public/logo.svg: a rounded square, a
 * workshop's saw-tooth roof, a chimney) into PNGs, encoded by photon: nothing downloaded, the same bytes
 * on every run. `node scripts/icons.ts` writes them into public/icons/; tests/unit/icons.test.ts checks
 * that the committed files are what this draws.
 */
import { writeFileSync } from 'node:fs';
import { PhotonImage } from '@cf-wasm/photon';
import { THEME_COLOR } from '../common/constants.ts';

type Rgba = readonly [number, number, number, number];

const hex = (colour: string): Rgba => [
  Number.parseInt(colour.slice(1, 3), 16),
  Number.parseInt(colour.slice(3, 5), 16),
  Number.parseInt(colour.slice(5, 7), 16),
  255,
];
const PURPLE = hex(THEME_COLOR);
const YELLOW = hex('#ffc629');
const GREEN = hex('#0fd195');
const CLEAR: Rgba = [0, 0, 0, 0];

/** The logo's roof, in its 64-unit square (the SVG path M14 44V22l10 8V22l10 8V22l10 8v14z). */
const ROOF: readonly (readonly [number, number])[] = [
  [14, 44],
  [14, 22],
  [24, 30],
  [24, 22],
  [34, 30],
  [34, 22],
  [44, 30],
  [44, 44],
];

function inPolygon(x: number, y: number, polygon: readonly (readonly [number, number])[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i] ?? [0, 0];
    const [xj, yj] = polygon[j] ?? [0, 0];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inRoundedSquare(x: number, y: number, radius: number): boolean {
  const cx = Math.min(Math.max(x, radius), 64 - radius);
  const cy = Math.min(Math.max(y, radius), 64 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2 && x >= 0 && x <= 64 && y >= 0 && y <= 64;
}

export interface IconOptions {
  size: number;
  /** Full-bleed square (maskable, Apple) rather than the logo's rounded one. */
  square: boolean;
  /** How much of the icon the drawing takes: a maskable icon keeps it in its safe zone (80 % circle). */
  scale: number;
}

/** The colour of the logo at a point of its 64-unit square. */
function logoAt(x: number, y: number, { square, scale }: IconOptions): Rgba {
  // The drawing, scaled around the centre.
  const u = 32 + (x - 32) / scale;
  const v = 32 + (y - 32) / scale;
  if (!square && !inRoundedSquare(x, y, 14)) return CLEAR;
  if (u >= 44 && u <= 50 && v >= 14 && v <= 30) return GREEN;
  if (inPolygon(u, v, ROOF)) return YELLOW;
  return PURPLE;
}

/** The icon's PNG bytes: each pixel the average of 4 × 4 samples, so that edges are smooth. */
export function drawIcon(options: IconOptions): Uint8Array {
  const { size } = options;
  const pixels = new Uint8Array(size * size * 4);
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = logoAt(
            ((px + (sx + 0.5) / samples) * 64) / size,
            ((py + (sy + 0.5) / samples) * 64) / size,
            options,
          );
          const alpha = colour[3] / 255;
          for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (colour[c] ?? 0) * alpha;
          sum[3] = (sum[3] ?? 0) + colour[3];
        }
      }
      const n = samples * samples;
      const alpha = (sum[3] ?? 0) / n;
      const at = (py * size + px) * 4;
      for (let c = 0; c < 3; c++)
        pixels[at + c] = alpha === 0 ? 0 : Math.round(((sum[c] ?? 0) / n / alpha) * 255);
      pixels[at + 3] = Math.round(alpha);
    }
  }
  const image = new PhotonImage(pixels, size, size);
  try {
    return image.get_bytes();
  } finally {
    image.free();
  }
}

/** Every icon the manifest and the pages name, by file. */
export const ICONS: Record<string, IconOptions> = {
  'icon-192.png': { size: 192, square: false, scale: 1 },
  'icon-512.png': { size: 512, square: false, scale: 1 },
  'icon-maskable-512.png': { size: 512, square: true, scale: 0.72 },
  'apple-touch-icon.png': { size: 180, square: true, scale: 0.85 },
};

if (import.meta.main) {
  for (const [file, options] of Object.entries(ICONS)) {
    writeFileSync(new URL(`../public/icons/${file}`, import.meta.url), drawIcon(options));
  }
  console.log(`${Object.keys(ICONS).length} icônes écrites dans public/icons/`);
}

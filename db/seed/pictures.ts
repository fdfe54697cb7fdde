/**
 * Pictures for the demo companies, drawn in code (a sky in the sector's colours, a workshop's saw-tooth
 * roof and a chimney) so that the repository holds no binary file and every seed writes the same bytes.
 * Encoded by photon, the library the uploads are resized with (server/documents/resize.ts).
 */
import { PhotonImage } from '@cf-wasm/photon';
import { asc, eq } from 'drizzle-orm';
import type { Sector } from '../../common/constants.ts';
import type { DbOrTx } from '../client.ts';
import { companies, documents } from '../schema.ts';
import type { FileWriter } from './documents.ts';
import { createRng } from './prng.ts';

type Rgb = readonly [number, number, number];

/** Top and bottom of the sky, and the buildings' colour, by sector. */
const PALETTES: Record<Sector, readonly [Rgb, Rgb, Rgb]> = {
  aerospace: [
    [31, 79, 209],
    [163, 196, 255],
    [27, 21, 48],
  ],
  naval: [
    [12, 74, 110],
    [125, 211, 232],
    [16, 37, 66],
  ],
  metallurgy: [
    [120, 53, 15],
    [255, 157, 0],
    [38, 24, 20],
  ],
  electricalDigital: [
    [75, 43, 174],
    [125, 232, 196],
    [27, 21, 48],
  ],
  energyEquipment: [
    [0, 122, 90],
    [255, 198, 41],
    [20, 45, 38],
  ],
  rail: [
    [74, 70, 88],
    [233, 231, 239],
    [27, 21, 48],
  ],
  automotive: [
    [179, 54, 0],
    [255, 232, 221],
    [45, 22, 18],
  ],
  mechanics: [
    [47, 27, 120],
    [237, 233, 251],
    [27, 21, 48],
  ],
};

const WIDTH = 640;
const HEIGHT = 400;

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/** A workshop under a sky, different for each seed: widths, roof teeth and chimney vary. */
export function demoPicture(sector: Sector, seed: number): Uint8Array {
  const [top, bottom, building] = PALETTES[sector];
  const rng = createRng(`picture-${seed}`);
  const random = () => rng.next();
  const pixels = new Uint8Array(WIDTH * HEIGHT * 4);
  const ground = Math.round(HEIGHT * (0.72 + random() * 0.08));
  const left = Math.round(WIDTH * (0.08 + random() * 0.2));
  const right = Math.round(WIDTH * (0.7 + random() * 0.25));
  const teeth = 3 + Math.floor(random() * 4);
  const wall = Math.round(HEIGHT * (0.42 + random() * 0.1));
  const toothHeight = Math.round(HEIGHT * (0.1 + random() * 0.06));
  const chimneyX = left + Math.round((right - left) * (0.1 + random() * 0.7));
  const chimneyTop = Math.round(HEIGHT * (0.12 + random() * 0.12));
  const toothWidth = (right - left) / teeth;
  for (let y = 0; y < HEIGHT; y++) {
    const sky = mix(top, bottom, y / HEIGHT);
    for (let x = 0; x < WIDTH; x++) {
      let colour: Rgb = sky;
      const inWorkshop = x >= left && x < right;
      const along = (x - left) % toothWidth;
      const roof = wall - Math.round((toothHeight * along) / toothWidth);
      if (y >= ground) colour = mix(building, bottom, 0.25);
      else if (inWorkshop && y >= roof) colour = building;
      else if (x >= chimneyX && x < chimneyX + 22 && y >= chimneyTop) colour = building;
      // Windows: a lit row along the wall.
      if (inWorkshop && y > wall + 30 && y < wall + 50 && along > 12 && along < toothWidth - 12) {
        colour = mix(bottom, [255, 255, 255], 0.5);
      }
      pixels.set([colour[0], colour[1], colour[2], 255], (y * WIDTH + x) * 4);
    }
  }
  const image = new PhotonImage(pixels, WIDTH, HEIGHT);
  try {
    return image.get_bytes_jpeg(82);
  } finally {
    image.free();
  }
}

/** A 16 × 16 PNG, for tests that need a picture and nothing more. */
export function tinyPng(): Uint8Array<ArrayBuffer> {
  const image = new PhotonImage(new Uint8Array(16 * 16 * 4).fill(180), 16, 16);
  try {
    return Uint8Array.from(image.get_bytes());
  } finally {
    image.free();
  }
}

/**
 * Gives two validated demo companies out of three a picture (the third shows how a company without one
 * looks), each file through the files port, then its row and the company's link to it. Run once, right
 * after the demo seed; returns how many pictures it wrote.
 */
export async function seedDemoPictures(db: DbOrTx, files: FileWriter, now: Date): Promise<number> {
  const validated = await db
    .select({ id: companies.id, sector: companies.sector })
    .from(companies)
    .where(eq(companies.status, 'validated'))
    .orderBy(asc(companies.id));
  let written = 0;
  for (const [index, company] of validated.entries()) {
    if (index % 3 === 2) continue;
    const bytes = demoPicture(company.sector, company.id);
    const storageKey = `companies/${company.id}/picture/demo.jpg`;
    await files.put(storageKey, bytes, 'image/jpeg');
    const [row] = await db
      .insert(documents)
      .values({
        ownerKind: 'company',
        ownerId: company.id,
        purpose: 'picture',
        title: 'Image de l’entreprise',
        fileName: 'image.jpg',
        mimeType: 'image/jpeg',
        sizeBytes: bytes.length,
        storageKey,
        createdAt: now,
      })
      .returning({ id: documents.id });
    await db
      .update(companies)
      .set({ pictureDocumentId: row?.id ?? null })
      .where(eq(companies.id, company.id));
    written++;
  }
  return written;
}

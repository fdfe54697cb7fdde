import { z } from 'zod';
import { isFileLike } from './documents.ts';

/**
 * A company's picture or logo (PRODUCT.md, Limits: "Picture 1 MB (jpeg, png, webp)"): the formats, the
 * limit and the French messages, shared by the upload form and the API. The server keeps a web size of it
 * (decision 0030), never the original.
 */
const PICTURE_MAX_BYTES = 1024 * 1024;
/** The web size fits in this square; smaller pictures are not enlarged. */
export const PICTURE_WEB_SIZE = 800;
/** Larger images are refused before being decoded: 16 million pixels take 64 MB once decoded. */
export const PICTURE_MAX_PIXELS = 16_000_000;

const PICTURE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const PICTURE_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';

export const PICTURE_MESSAGES = {
  fileRequired: 'Choisissez une image',
  emptyFile: 'Cette image est vide',
  tooLarge: 'L’image ne doit pas dépasser 1 Mo',
  unsupportedType: 'Ce type d’image n’est pas accepté : JPEG, PNG ou WebP',
  unreadable: 'Cette image est illisible ou abîmée',
  tooManyPixels: 'Cette image est trop grande : 16 millions de pixels au maximum',
} as const;

export const PICTURE_HINT =
  'JPEG, PNG ou WebP ; 1 Mo au maximum. Elle sera affichée sur votre page et dans la recherche.';

export type PictureFormat = 'jpeg' | 'png' | 'webp';

/** The format a picture's first bytes announce; null for anything else. */
export function pictureFormatOf(head: Uint8Array): PictureFormat | null {
  const at = (offset: number, bytes: number[]) => bytes.every((byte, i) => head[offset + i] === byte);
  if (at(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'webp';
  return null;
}

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** The problem with a picture's name or size, in the words shown under the field; null when it may be sent. */
function pictureFileProblem(file: { name: string; size: number }): string | null {
  if (!(PICTURE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return PICTURE_MESSAGES.unsupportedType;
  }
  if (file.size === 0) return PICTURE_MESSAGES.emptyFile;
  if (file.size > PICTURE_MAX_BYTES) return PICTURE_MESSAGES.tooLarge;
  return null;
}

export const pictureSchema = z.object({
  file: z.custom<File>(isFileLike, { error: PICTURE_MESSAGES.fileRequired }).superRefine((file, ctx) => {
    const problem = pictureFileProblem(file);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

/** Where a company's picture is served; a new picture has a new id, so the address can be cached for good. */
export const pictureUrl = (documentId: number) => `/pictures/${documentId}.jpg`;

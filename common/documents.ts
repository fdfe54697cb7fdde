import { z } from 'zod';
import { requiredText } from './accounts.ts';
import { MAX_TEACHER_DOCUMENTS } from './constants.ts';
import { TEXT_MAX } from './text.ts';

/**
 * Uploaded documents (PRODUCT.md, Limits: "Document 10 MB (pdf, doc, docx, odt, xls, xlsx, ppt, pptx, jpg,
 * png, zip, rar)"): the formats, the limits and the French messages, shared by the upload form and the API.
 */

const MB = 1024 * 1024;

export const DOCUMENT_MAX_BYTES = 10 * MB;
export const DOCUMENT_TITLE_MAX_LENGTH = TEXT_MAX.documentTitle;
/** A company's visit documents (docs/decisions/0016-files-and-visit-documents.md). */
export const VISIT_DOCUMENTS_MAX = 10;
/** A teacher's documents (spec and PRODUCT.md: "A teacher may add up to 3 documents"). */
export const TEACHER_DOCUMENTS_MAX = MAX_TEACHER_DOCUMENTS;
/** A slot's documents (visit documentation, safety rules…; decision 0030). */
export const SLOT_DOCUMENTS_MAX = 5;

/** The multipart middleware's caps: the largest file the product accepts, and room for the rest of the form. */
export const UPLOAD_MAX_FILE_BYTES = DOCUMENT_MAX_BYTES;
export const UPLOAD_MAX_REQUEST_BYTES = DOCUMENT_MAX_BYTES + MB;

/** How a format's files begin; the extension alone is whatever the sender typed. */
type DocumentSignature = 'pdf' | 'ole' | 'zip' | 'jpeg' | 'png' | 'rar';

interface DocumentFormat {
  label: string;
  mimeType: string;
  signature: DocumentSignature;
}

const JPEG: DocumentFormat = { label: 'Image JPEG', mimeType: 'image/jpeg', signature: 'jpeg' };

/** By extension. Office's pre-2007 formats are OLE2 compound files; its current ones and OpenDocument are ZIP. */
export const DOCUMENT_FORMATS = {
  pdf: { label: 'PDF', mimeType: 'application/pdf', signature: 'pdf' },
  doc: { label: 'Word', mimeType: 'application/msword', signature: 'ole' },
  docx: {
    label: 'Word',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    signature: 'zip',
  },
  odt: { label: 'Texte OpenDocument', mimeType: 'application/vnd.oasis.opendocument.text', signature: 'zip' },
  xls: { label: 'Excel', mimeType: 'application/vnd.ms-excel', signature: 'ole' },
  xlsx: {
    label: 'Excel',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    signature: 'zip',
  },
  ppt: { label: 'PowerPoint', mimeType: 'application/vnd.ms-powerpoint', signature: 'ole' },
  pptx: {
    label: 'PowerPoint',
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    signature: 'zip',
  },
  jpg: JPEG,
  jpeg: JPEG,
  png: { label: 'Image PNG', mimeType: 'image/png', signature: 'png' },
  zip: { label: 'Archive ZIP', mimeType: 'application/zip', signature: 'zip' },
  rar: { label: 'Archive RAR', mimeType: 'application/vnd.rar', signature: 'rar' },
} as const satisfies Record<string, DocumentFormat>;

type DocumentExtension = keyof typeof DOCUMENT_FORMATS;

/** For the file input's `accept`: the browser's picker then offers these files first. */
export const DOCUMENT_ACCEPT = Object.keys(DOCUMENT_FORMATS)
  .map((extension) => `.${extension}`)
  .join(',');

export const DOCUMENT_MESSAGES = {
  fileRequired: 'Choisissez un fichier',
  emptyFile: 'Ce fichier est vide',
  tooLarge: 'Le fichier ne doit pas dépasser 10 Mo',
  unsupportedType:
    'Ce type de fichier n’est pas accepté : PDF, Word, Excel, PowerPoint, OpenDocument, JPG, PNG, ZIP ou RAR',
  contentMismatch: 'Le contenu de ce fichier ne correspond pas à son extension',
  malformedUpload: 'L’envoi du fichier a échoué : la requête est incomplète. Veuillez réessayer.',
  visitDocumentsLimit: `Vous avez atteint le nombre maximum de documents de visite (${VISIT_DOCUMENTS_MAX}). Supprimez-en un pour en ajouter un autre.`,
  teacherDocumentsLimit: `Vous avez atteint le nombre maximum de documents (${TEACHER_DOCUMENTS_MAX}). Supprimez-en un pour en ajouter un autre.`,
  slotDocumentsLimit: `Ce créneau a atteint le nombre maximum de documents (${SLOT_DOCUMENTS_MAX}). Supprimez-en un pour en ajouter un autre.`,
} as const;

/** What the form says about the accepted files, under the file input. */
export const DOCUMENT_HINT =
  'PDF, Word, Excel, PowerPoint, OpenDocument, JPG, PNG, ZIP ou RAR ; 10 Mo au maximum.';

/** "Plan d'accès.PDF" → "pdf"; null without an extension. */
export function extensionOf(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return null;
  return fileName.slice(dot + 1).toLowerCase();
}

export function documentFormatOf(fileName: string): DocumentFormat | null {
  const extension = extensionOf(fileName);
  return extension && Object.hasOwn(DOCUMENT_FORMATS, extension)
    ? DOCUMENT_FORMATS[extension as DocumentExtension]
    : null;
}

/** "PDF", "Word"…, "Fichier" for anything else. */
export function documentTypeLabel(fileName: string): string {
  return documentFormatOf(fileName)?.label ?? 'Fichier';
}

const sizeFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** "820 octets", "14 Ko", "2,4 Mo". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} octet${bytes > 1 ? 's' : ''}`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} Ko`;
  return `${sizeFormat.format(bytes / MB)} Mo`;
}

/** A visit document as the pages list it; `url` is the download route, relative to the site. */
export interface VisitDocumentItem {
  id: number;
  title: string;
  fileName: string;
  sizeBytes: number;
  url: string;
}

/** Where a document is downloaded; the name is there for the browser's "save as", the id is what counts. */
export function documentUrl(id: number | string, fileName: string): string {
  return `/documents/${id}/${encodeURIComponent(fileName)}`;
}

/** How many first bytes the content check reads: a PDF's header may follow up to 1 KB of junk. */
const DOCUMENT_HEAD_BYTES = 1024;

const SIGNATURES: Record<DocumentSignature, readonly (readonly number[])[]> = {
  pdf: [[0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ole: [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  zip: [
    [0x50, 0x4b, 0x03, 0x04], // PK, first local file header
    [0x50, 0x4b, 0x05, 0x06], // PK, an empty archive's end of central directory
  ],
  jpeg: [[0xff, 0xd8, 0xff]],
  png: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  rar: [[0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]], // Rar!, versions 1.5 to 5
};

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte);

/**
 * Whether the file's first bytes are those of `signature`. A PDF may start with junk before `%PDF-`
 * (readers accept up to 1 KB of it); every other format starts with its magic number.
 */
export function hasSignature(signature: DocumentSignature, head: Uint8Array): boolean {
  const prefixes = SIGNATURES[signature];
  if (signature !== 'pdf') return prefixes.some((prefix) => startsWith(head, prefix));
  const pdf = SIGNATURES.pdf[0] ?? [];
  const last = Math.min(head.length, DOCUMENT_HEAD_BYTES) - pdf.length;
  for (let at = 0; at <= last; at++) if (startsWith(head, pdf, at)) return true;
  return false;
}

/** The problem with a file's name or size, in the words shown under the field; null when it may be sent. */
export function documentFileProblem(file: { name: string; size: number }): string | null {
  if (!documentFormatOf(file.name)) return DOCUMENT_MESSAGES.unsupportedType;
  if (file.size === 0) return DOCUMENT_MESSAGES.emptyFile;
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_MESSAGES.tooLarge;
  return null;
}

/** The problem with a file's content (its first bytes against its extension); null when they match. */
export function documentContentProblem(fileName: string, head: Uint8Array): string | null {
  const format = documentFormatOf(fileName);
  if (!format) return DOCUMENT_MESSAGES.unsupportedType;
  return hasSignature(format.signature, head) ? null : DOCUMENT_MESSAGES.contentMismatch;
}

/** A browser File, or the one the multipart middleware places in the variables; anything else is no file. */
export function isFileLike(value: unknown): value is File {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<File>;
  return typeof file.name === 'string' && typeof file.size === 'number' && typeof file.slice === 'function';
}

const documentFileField = z
  .custom<File>(isFileLike, { error: DOCUMENT_MESSAGES.fileRequired })
  .superRefine((file, ctx) => {
    const problem = documentFileProblem(file);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A company's visit document: a title, and a file of the accepted formats. */
export const visitDocumentSchema = z.object({
  title: requiredText(DOCUMENT_TITLE_MAX_LENGTH),
  file: documentFileField,
});

/** A teacher's document has the visit document's shape (API.md: "the same shape as CompanyDocument"). */
export const teacherDocumentSchema = visitDocumentSchema;

/** A slot's document: the same, for one slot of the recruiter's company. */
export const slotDocumentSchema = visitDocumentSchema.extend({
  slotId: z.coerce.number({ error: 'Créneau inconnu' }).int().positive({ error: 'Créneau inconnu' }),
});

/** The first bytes of a file, as the content check reads them. */
export async function headOf(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, DOCUMENT_HEAD_BYTES).arrayBuffer());
}

import { describe, expect, it } from 'vitest';
import { tinyPdf } from '../db/seed/documents.ts';
import {
  DOCUMENT_FORMATS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  documentContentProblem,
  documentFileProblem,
  documentTypeLabel,
  documentUrl,
  extensionOf,
  formatFileSize,
  hasSignature,
  visitDocumentSchema,
} from './documents.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** The first bytes of real files of each format. */
const HEADS = {
  pdf: ascii('%PDF-1.7\n%âãÏÓ'),
  ole: bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0),
  zip: bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0),
  jpeg: bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46),
  png: bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d),
  rar: ascii('Rar!\x1a\x07\x01\x00'),
} as const;

describe('document formats', () => {
  it('recognises each format by its first bytes, and no other', () => {
    for (const [signature, head] of Object.entries(HEADS)) {
      for (const other of Object.keys(HEADS)) {
        expect(hasSignature(other as keyof typeof HEADS, head), `${signature} as ${other}`).toBe(
          other === signature,
        );
      }
    }
    expect(hasSignature('zip', bytes(0x50, 0x4b, 0x05, 0x06))).toBe(true); // an empty archive
    expect(hasSignature('rar', ascii('Rar!\x1a\x07\x00'))).toBe(true); // RAR 1.5 to 4
  });

  it('finds a PDF header after some junk, within the first kilobyte only', () => {
    expect(hasSignature('pdf', ascii(`\n\n  %PDF-1.4`))).toBe(true);
    expect(hasSignature('pdf', ascii(`${' '.repeat(1019)}%PDF-`))).toBe(true);
    expect(hasSignature('pdf', ascii(`${' '.repeat(1020)}%PDF-`))).toBe(false);
    expect(hasSignature('pdf', ascii('%PDF'))).toBe(false);
  });

  it('refuses short or empty heads', () => {
    expect(hasSignature('png', bytes(0x89, 0x50))).toBe(false);
    expect(hasSignature('jpeg', bytes())).toBe(false);
  });

  it('checks the content against the extension, whatever its case', () => {
    expect(documentContentProblem('Plan.PDF', HEADS.pdf)).toBeNull();
    expect(documentContentProblem('tableau.xlsx', HEADS.zip)).toBeNull();
    expect(documentContentProblem('ancien.doc', HEADS.ole)).toBeNull();
    expect(documentContentProblem('photo.jpeg', HEADS.jpeg)).toBeNull();
    expect(documentContentProblem('photo.jpg', HEADS.png)).toBe(DOCUMENT_MESSAGES.contentMismatch);
    expect(documentContentProblem('faux.pdf', ascii('<html><script>'))).toBe(
      DOCUMENT_MESSAGES.contentMismatch,
    );
    expect(documentContentProblem('lettre.docx', HEADS.ole)).toBe(DOCUMENT_MESSAGES.contentMismatch);
    expect(documentContentProblem('page.html', ascii('<html>'))).toBe(DOCUMENT_MESSAGES.unsupportedType);
  });

  it('accepts the formats of PRODUCT.md, and .jpeg as .jpg', () => {
    expect(Object.keys(DOCUMENT_FORMATS).sort()).toEqual(
      ['pdf', 'doc', 'docx', 'odt', 'xls', 'xlsx', 'ppt', 'pptx', 'jpg', 'jpeg', 'png', 'zip', 'rar'].sort(),
    );
  });

  it('refuses a file by name or size before it is sent', () => {
    expect(documentFileProblem({ name: 'a.pdf', size: 10 })).toBeNull();
    expect(documentFileProblem({ name: 'a.pdf', size: DOCUMENT_MAX_BYTES })).toBeNull();
    expect(documentFileProblem({ name: 'a.pdf', size: DOCUMENT_MAX_BYTES + 1 })).toBe(
      DOCUMENT_MESSAGES.tooLarge,
    );
    expect(documentFileProblem({ name: 'a.pdf', size: 0 })).toBe(DOCUMENT_MESSAGES.emptyFile);
    expect(documentFileProblem({ name: 'a.exe', size: 10 })).toBe(DOCUMENT_MESSAGES.unsupportedType);
    expect(documentFileProblem({ name: 'pdf', size: 10 })).toBe(DOCUMENT_MESSAGES.unsupportedType);
    expect(documentFileProblem({ name: 'a.toString', size: 10 })).toBe(DOCUMENT_MESSAGES.unsupportedType);
  });

  it('validates the form: a title of 120 characters at most and a file', () => {
    const file = new File([HEADS.pdf], 'plan.pdf');
    expect(visitDocumentSchema.safeParse({ title: ' Plan ', file }).data?.title).toBe('Plan');
    const errors = (input: unknown) =>
      visitDocumentSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(errors({ title: '', file: 'plan.pdf' })).toEqual([
      ['title', 'Ce champ est requis'],
      ['file', DOCUMENT_MESSAGES.fileRequired],
    ]);
    expect(errors({ title: 'x'.repeat(121), file: new File([], 'vide.pdf') })).toEqual([
      ['title', '120 caractères au maximum'],
      ['file', DOCUMENT_MESSAGES.emptyFile],
    ]);
  });

  it('says sizes, types and addresses as the pages show them', () => {
    expect(formatFileSize(1)).toBe('1 octet');
    expect(formatFileSize(820)).toBe('820 octets');
    expect(formatFileSize(14_500)).toBe('14 Ko');
    expect(formatFileSize(2.4 * 1024 * 1024)).toBe('2,4 Mo');
    expect(documentTypeLabel('Programme.PPTX')).toBe('PowerPoint');
    expect(documentTypeLabel('archive.tar')).toBe('Fichier');
    expect(extensionOf('.bashrc')).toBeNull();
    expect(documentUrl(12, "Plan d'accès.pdf")).toBe("/documents/12/Plan%20d'acc%C3%A8s.pdf");
  });

  it('builds demo PDFs that pass the content check, byte for byte the same each time', () => {
    const pdf = tinyPdf('Programme de la visite', ['Accueil à 9 h (20 min).']);
    expect(documentContentProblem('programme.pdf', pdf)).toBeNull();
    expect(tinyPdf('Programme de la visite', ['Accueil à 9 h (20 min).'])).toEqual(pdf);
    const text = new TextDecoder('latin1').decode(pdf);
    // The cross-reference table points at each object, as readers check.
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(6);
    for (const [i, offset] of offsets.entries())
      expect(text.slice(offset)).toMatch(new RegExp(`^${i + 1} 0 obj`));
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref)).toMatch(/^xref\n/);
    expect(text).toContain('(Accueil \xe0 9 h \\(20 min\\).) Tj');
  });
});

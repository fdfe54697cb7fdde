import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pdfPages } from '../../tests/fixtures/pdf.ts';
import { folded } from '../../tests/fixtures/text.ts';
import { type PdfSheet, renderPdf } from './index.ts';
import { wrap } from './render.ts';

const FRENCH = 'Élève à l’œuvre, Œdipe : « déjà » – ça coûte 12 € … Noël, maïs, où, ÂÊÎÔÛ ÀÈÙ ÇËÏÜŸ æ Æ';
const at = new Date('2026-03-10T09:00:00Z');

describe('the PDF kit', () => {
  it('draws every French letter and sign, regular and bold, read back as written', async () => {
    const sheet: PdfSheet = {
      title: FRENCH,
      blocks: [
        { kind: 'paragraph', text: FRENCH },
        { kind: 'facts', facts: [['Œdipe', FRENCH]] },
      ],
    };
    const [page] = pdfPages(await renderPdf({ title: 'Essai', sheets: [sheet], createdAt: at }));
    // Lines are cut between words: read back as one text (a one-line label, so that the reader does not
    // interleave the label's lines with the value's).
    const text = folded(page ?? '');
    expect(text.split(folded(FRENCH)).length - 1).toBe(3);
  });

  it('leaves out what the font cannot draw rather than a box', async () => {
    const sheet: PdfSheet = { title: 'Bravo 🎉 à tous', blocks: [] };
    const [page] = pdfPages(await renderPdf({ title: 'Essai', sheets: [sheet], createdAt: at }));
    expect(page?.replace(/\s+/g, ' ')).toContain('Bravo à tous');
    expect(page).not.toMatch(/[\uFFFD\u25A1]/);
  });

  it('flows a long sheet onto more pages, each numbered « Page n sur N »', async () => {
    const items = Array.from({ length: 120 }, (_, i) => `Point numéro ${i + 1}, à vérifier.`);
    const pages = pdfPages(
      await renderPdf({
        title: 'Liste',
        sheets: [{ title: 'Liste', blocks: [{ kind: 'list', items }] }],
        createdAt: at,
      }),
    );
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries()) expect(page).toContain(`Page ${i + 1} sur ${pages.length}`);
    expect(pages.join('')).toContain('Point numéro 120, à vérifier.');
  });

  it('prints a sheet’s copies one per page, each with its own number', async () => {
    const sheet: PdfSheet = {
      title: 'Autorisation',
      blocks: [{ kind: 'paragraph', text: 'Signé à Noël' }],
      copies: 5,
    };
    const pages = pdfPages(await renderPdf({ title: 'Copies', sheets: [sheet], createdAt: at }));
    expect(pages).toHaveLength(5);
    pages.forEach((page, i) => {
      expect(page).toContain('Signé à Noël');
      expect(page).toContain(`Page ${i + 1} sur 5`);
      // The copies are drawn from the first before its number is added: no copy shows two.
      expect(page.match(/Page \d sur 5/g)).toHaveLength(1);
    });
  });

  it('cuts lines between words, and a word longer than a line anywhere', () => {
    const measure = (text: string) => text.length;
    expect(wrap('un deux trois quatre', 9, measure)).toEqual(['un deux', 'trois', 'quatre']);
    expect(wrap('abcdefghij', 4, measure)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrap('ligne une\nligne deux', 20, measure)).toEqual(['ligne une', 'ligne deux']);
  });

  it('draws in the standard Helvetica: no font file embedded, so no fontkit in the Worker (decision 0059)', async () => {
    const sheet: PdfSheet = { title: 'Attestation', blocks: [{ kind: 'paragraph', text: FRENCH }] };
    const bytes = await renderPdf({ title: 'Essai', sheets: [sheet], createdAt: at });
    // pdffonts (poppler-utils, beside pdftotext): name, type, encoding, then whether it is embedded.
    const fonts = spawnSync('pdffonts', ['-'], { input: bytes }).stdout.toString('utf8');
    expect(fonts).toMatch(/^Helvetica-Bold +Type 1 +WinAnsi +no /m);
    expect(fonts).toMatch(/^Helvetica +Type 1 +WinAnsi +no /m);
  });
});

import type { PDFDocument, PDFEmbeddedPage, PDFFont, PDFPage } from 'pdf-lib';
import type { PdfDocumentInput, PdfSheet } from '../kernel/ports/pdf.ts';

/**
 * A small kit for the platform's printed documents (docs/decisions/0046): a document is sheets of blocks
 * (headings, label/value facts, wrapped paragraphs, lists, signature boxes) laid out on A4 in Helvetica, a
 * standard PDF font (WinAnsi: every French letter, « », œ, ’, €; no font file, no fontkit: decision 0059). Each sheet starts a page and flows onto more when long; every
 * page is numbered. pdf-lib is pure JavaScript: the same code runs on Node and on Workers. It is imported
 * on the first document only, so that nothing else pays for it.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const FOOTER_Y = 32;
const LABEL_WIDTH = 150;
const GAP = 8;
const TEXT_SIZE = 10.5;
const LINE = 1.32;
/** The lowest a line of text may sit: above the page's number. */
const BOTTOM = 48;

interface Kit {
  PDFDocument: typeof PDFDocument;
  PDFName: typeof import('pdf-lib').PDFName;
  PDFString: typeof import('pdf-lib').PDFString;
  rgb: typeof import('pdf-lib').rgb;
  StandardFonts: typeof import('pdf-lib').StandardFonts;
}

let kit: Promise<Kit> | undefined;

/** The library, loaded once per process (or isolate) on the first document. */
function loadKit(): Promise<Kit> {
  kit ??= import('pdf-lib').then((lib) => ({
    PDFDocument: lib.PDFDocument,
    PDFName: lib.PDFName,
    PDFString: lib.PDFString,
    rgb: lib.rgb,
    StandardFonts: lib.StandardFonts,
  }));
  return kit;
}

const characterSets = new WeakMap<PDFFont, Set<number>>();

/** Keeps what the font can draw: other signs (an emoji in a message) are left out rather than boxes. */
function drawable(text: string, font: PDFFont): string {
  let known = characterSets.get(font);
  if (!known) {
    known = new Set(font.getCharacterSet());
    characterSets.set(font, known);
  }
  let out = '';
  for (const char of text.normalize('NFC').replace(/\t/g, ' ')) {
    const code = char.codePointAt(0) ?? 0;
    if (known.has(code)) out += char;
    else if (code === 0x2007 || code === 0x2009 || code === 0x202f || code === 0x00a0) out += ' ';
  }
  return out;
}

/** The text's lines within `width`, cut between words (a word longer than a line is cut anywhere). */
export function wrap(text: string, width: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (measure(rest) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && measure(rest.slice(0, cut)) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

class Writer {
  private page!: PDFPage;
  private y = 0;
  readonly pages: PDFPage[] = [];
  private readonly width = A4[0] - 2 * MARGIN;

  private readonly doc: PDFDocument;
  private readonly regular: PDFFont;
  private readonly bold: PDFFont;
  private readonly colours: { text: ReturnType<Kit['rgb']>; grey: ReturnType<Kit['rgb']> };
  private readonly kit: Kit;

  constructor(kit: Kit, doc: PDFDocument, regular: PDFFont, bold: PDFFont, colours: Writer['colours']) {
    this.kit = kit;
    this.doc = doc;
    this.regular = regular;
    this.bold = bold;
    this.colours = colours;
  }

  /** Makes a rectangle of the page open `url` when clicked (a PDF link annotation). */
  private link(url: string, x: number, y: number, width: number, height: number) {
    const { PDFName, PDFString } = this.kit;
    const annotation = this.doc.context.register(
      this.doc.context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [x, y, x + width, y + height],
        Border: [0, 0, 0],
        A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
      }),
    );
    const annotations = this.page.node.lookup(PDFName.of('Annots'));
    if (annotations && 'push' in annotations) (annotations as { push(ref: unknown): void }).push(annotation);
    else this.page.node.set(PDFName.of('Annots'), this.doc.context.obj([annotation]));
  }

  newPage() {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN;
  }

  /** Room for `height` more points on this page, or a new one. */
  private room(height: number) {
    if (this.y - height < BOTTOM) this.newPage();
  }

  private text(text: string, x: number, size: number, font: PDFFont, colour = this.colours.text) {
    this.page.drawText(text, { x, y: this.y - size, size, font, color: colour });
  }

  private lines(text: string, width: number, size: number, font: PDFFont) {
    return wrap(drawable(text, font), width, (line) => font.widthOfTextAtSize(line, size));
  }

  title(title: string, subtitle: string | undefined) {
    for (const line of this.lines(title, this.width, 18, this.bold)) {
      this.room(18 * 1.3);
      this.text(line, MARGIN, 18, this.bold);
      this.y -= 18 * 1.3;
    }
    if (subtitle) {
      for (const line of this.lines(subtitle, this.width, 11, this.regular)) {
        this.text(line, MARGIN, 11, this.regular, this.colours.grey);
        this.y -= 11 * LINE;
      }
    }
    this.y -= 10;
  }

  heading(text: string) {
    this.room(12 * LINE + TEXT_SIZE * LINE * 2 + 10);
    this.y -= 6;
    this.text(drawable(text, this.bold), MARGIN, 12, this.bold);
    this.y -= 12 * LINE;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 2 },
      end: { x: MARGIN + this.width, y: this.y + 2 },
      thickness: 0.5,
      color: this.colours.grey,
    });
    this.y -= 4;
  }

  facts(facts: readonly (readonly [string, string | null | undefined])[]) {
    const valueWidth = this.width - LABEL_WIDTH - GAP;
    for (const [label, value] of facts) {
      const labels = this.lines(label, LABEL_WIDTH, TEXT_SIZE, this.bold);
      const values = this.lines(value || 'Non renseigné', valueWidth, TEXT_SIZE, this.regular);
      const count = Math.max(labels.length, values.length);
      for (let i = 0; i < count; i++) {
        this.room(TEXT_SIZE * LINE);
        const labelLine = labels[i];
        const valueLine = values[i];
        if (labelLine) this.text(labelLine, MARGIN, TEXT_SIZE, this.bold);
        if (valueLine) {
          this.text(valueLine, MARGIN + LABEL_WIDTH + GAP, TEXT_SIZE, this.regular);
          // A web address (a map's) opens from the PDF, each of its lines.
          if (value && /^https:\/\/\S+$/.test(value)) {
            const width = this.regular.widthOfTextAtSize(valueLine, TEXT_SIZE);
            this.link(value, MARGIN + LABEL_WIDTH + GAP, this.y - TEXT_SIZE * 1.2, width, TEXT_SIZE * LINE);
          }
        }
        this.y -= TEXT_SIZE * LINE;
      }
      this.y -= 3;
    }
  }

  paragraph(text: string, bold = false) {
    const font = bold ? this.bold : this.regular;
    for (const line of this.lines(text, this.width, TEXT_SIZE, font)) {
      this.room(TEXT_SIZE * LINE);
      this.text(line, MARGIN, TEXT_SIZE, font);
      this.y -= TEXT_SIZE * LINE;
    }
    this.y -= 5;
  }

  list(items: readonly string[]) {
    for (const item of items) {
      this.lines(item, this.width - 14, TEXT_SIZE, this.regular).forEach((line, i) => {
        this.room(TEXT_SIZE * LINE);
        if (i === 0) this.text('•', MARGIN + 2, TEXT_SIZE, this.regular);
        this.text(line, MARGIN + 14, TEXT_SIZE, this.regular);
        this.y -= TEXT_SIZE * LINE;
      });
      this.y -= 2;
    }
    this.y -= 4;
  }

  signatures(labels: readonly string[]) {
    const height = 64;
    this.room(height + TEXT_SIZE * LINE * 2 + 8);
    this.y -= 8;
    const gap = 16;
    const width = (this.width - gap * (labels.length - 1)) / labels.length;
    labels.forEach((label, i) => {
      const x = MARGIN + i * (width + gap);
      this.lines(label, width, TEXT_SIZE, this.bold).forEach((line, j) => {
        this.page.drawText(line, {
          x,
          y: this.y - TEXT_SIZE - j * TEXT_SIZE * LINE,
          size: TEXT_SIZE,
          font: this.bold,
          color: this.colours.text,
        });
      });
      this.page.drawRectangle({
        x,
        y: this.y - TEXT_SIZE * LINE * 2 - height,
        width,
        height,
        borderColor: this.colours.grey,
        borderWidth: 0.75,
      });
    });
    this.y -= TEXT_SIZE * LINE * 2 + height + 8;
  }

  sheet(sheet: PdfSheet) {
    this.newPage();
    this.title(sheet.title, sheet.subtitle);
    for (const block of sheet.blocks) {
      if (block.kind === 'heading') this.heading(block.text);
      else if (block.kind === 'facts') this.facts(block.facts);
      else if (block.kind === 'paragraph') this.paragraph(block.text, block.bold);
      else if (block.kind === 'list') this.list(block.items);
      else this.signatures(block.labels);
    }
  }

  /** A new page that shows an already drawn one. */
  copyOf(drawn: PDFEmbeddedPage) {
    this.newPage();
    this.page.drawPage(drawn, { x: 0, y: 0 });
  }

  footers(left: string) {
    const total = this.pages.length;
    const text = drawable(left, this.regular);
    this.pages.forEach((page, i) => {
      const number = `Page ${i + 1} sur ${total}`;
      page.drawText(text, { x: MARGIN, y: FOOTER_Y, size: 8, font: this.regular, color: this.colours.grey });
      page.drawText(number, {
        x: A4[0] - MARGIN - this.regular.widthOfTextAtSize(number, 8),
        y: FOOTER_Y,
        size: 8,
        font: this.regular,
        color: this.colours.grey,
      });
    });
  }
}

/** The document as PDF bytes: each sheet from a new page, the fonts embedded (only the glyphs used). */
export async function renderPdf(input: PdfDocumentInput): Promise<Uint8Array<ArrayBuffer>> {
  const kit = await loadKit();
  const { PDFDocument, rgb, StandardFonts } = kit;
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  doc.setLanguage('fr-FR');
  doc.setProducer('Passerelle Industrie');
  doc.setCreator('Passerelle Industrie');
  doc.setCreationDate(input.createdAt);
  doc.setModificationDate(input.createdAt);
  const [regularFont, boldFont] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
  ]);
  const writer = new Writer(kit, doc, regularFont, boldFont, {
    text: rgb(0.1, 0.1, 0.12),
    grey: rgb(0.38, 0.38, 0.42),
  });
  for (const sheet of input.sheets) {
    const copies = Math.max(1, sheet.copies ?? 1);
    for (let copy = 0; copy < copies; copy++) {
      const first = writer.pages.length;
      writer.sheet(sheet);
      // Laying text out is what costs: a one-page sheet's other copies are drawn from its first.
      const page = writer.pages[first];
      if (copy === 0 && copies > 1 && page && writer.pages.length === first + 1) {
        const drawn = await doc.embedPage(page);
        // Now, before the page numbers are added to the first: the copies show its state of this moment.
        await drawn.embed();
        for (let more = 1; more < copies; more++) writer.copyOf(drawn);
        break;
      }
    }
  }
  writer.footers(`Passerelle Industrie — ${input.title}`);
  // pdf-lib writes into a fresh ArrayBuffer of its own.
  return (await doc.save({ useObjectStreams: true })) as Uint8Array<ArrayBuffer>;
}

import type { PdfBlock, PdfSheet } from '../../server/pdf/index.ts';

/**
 * A document's sheets as HTML, block for block what its PDF draws (server/pdf): each sheet a printed page.
 * A sheet's copies (the authorisation: one per participant) are for the printer only.
 */
export function Sheets({ sheets }: { sheets: readonly PdfSheet[] }) {
  return (
    <>
      {sheets.map((sheet, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sheets are fixed for the page's life
        <Copies key={i} sheet={sheet} headingLevel={i === 0 ? 1 : 2} />
      ))}
    </>
  );
}

function Copies({ sheet, headingLevel }: { sheet: PdfSheet; headingLevel: 1 | 2 }) {
  const copies = Math.max(1, sheet.copies ?? 1);
  return (
    <>
      <Sheet sheet={sheet} headingLevel={headingLevel} />
      {Array.from({ length: copies - 1 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical copies
        <Sheet key={i} sheet={sheet} headingLevel={2} printOnly />
      ))}
    </>
  );
}

function Sheet({
  sheet,
  headingLevel,
  printOnly = false,
}: {
  sheet: PdfSheet;
  headingLevel: 1 | 2;
  printOnly?: boolean;
}) {
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article
      className={`document-sheet flex flex-col gap-4 rounded-lg bg-white p-6 print:rounded-none print:p-0 ${printOnly ? 'hidden print:flex' : ''}`}
    >
      <header className="flex flex-col gap-1">
        <Title className="text-2xl font-bold">{sheet.title}</Title>
        {sheet.subtitle && <p className="text-grey-text">{sheet.subtitle}</p>}
      </header>
      {sheet.blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are fixed for the page's life
        <Block key={i} block={block} />
      ))}
    </article>
  );
}

const isLink = (value: string) => /^https:\/\/\S+$/.test(value);

/** A map's long address reads as what it opens; the PDF prints it whole, to be typed from paper. */
const linkText = (url: string) =>
  new URL(url).hostname === 'www.openstreetmap.org' ? 'Voir le plan sur OpenStreetMap' : url;

function Block({ block }: { block: PdfBlock }) {
  switch (block.kind) {
    case 'heading':
      return <h2 className="border-b border-grey pb-1 text-lg font-bold">{block.text}</h2>;
    case 'facts':
      return (
        <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[12rem_minmax(0,1fr)] print:grid-cols-[12rem_minmax(0,1fr)]">
          {block.facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd className="min-w-0 whitespace-pre-line wrap-anywhere">
                {value && isLink(value) ? (
                  <a className="link" href={value}>
                    {linkText(value)}
                  </a>
                ) : (
                  value || 'Non renseigné'
                )}
              </dd>
            </div>
          ))}
        </dl>
      );
    case 'paragraph':
      return <p className={`whitespace-pre-line ${block.bold ? 'font-semibold' : ''}`}>{block.text}</p>;
    case 'list':
      return (
        <ul className="list-disc pl-6">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'signatures':
      return (
        <div className="grid gap-4 sm:grid-flow-col print:grid-flow-col">
          {block.labels.map((label) => (
            <div key={label} className="flex flex-col gap-2">
              <p className="font-semibold">{label}</p>
              <div className="h-28 rounded border border-grey-text" />
            </div>
          ))}
        </div>
      );
  }
}

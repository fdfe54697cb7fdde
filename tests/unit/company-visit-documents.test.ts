import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VisitDocuments } from '../../pages/company-details/VisitDocuments.tsx';

const render = (documents: Parameters<typeof VisitDocuments>[0]['documents']) =>
  renderToStaticMarkup(createElement(VisitDocuments, { documents }));

describe("the company page's visit documents", () => {
  it('lists each document with its title, type, size and download link', () => {
    const html = render([
      { id: 3, title: 'Plan d’accès', fileName: 'plan.pdf', sizeBytes: 14_500, url: '/documents/3/plan.pdf' },
      {
        id: 4,
        title: 'Livret',
        fileName: 'livret.docx',
        sizeBytes: 2_516_582,
        url: '/documents/4/livret.docx',
      },
    ]);
    expect(html).toContain('<h2 id="documents-de-visite">Documents de visite</h2>');
    expect(html).toContain(
      '<a class="link font-semibold break-words" href="/documents/3/plan.pdf">Plan d’accès<span class="sr-only"> (télécharger, PDF, 14 Ko)</span></a>',
    );
    expect(html).toContain('Word, 2,4 Mo');
    expect(html.match(/<li /g)).toHaveLength(2);
  });

  it('renders nothing for a company without documents', () => {
    expect(render([])).toBe('');
  });
});

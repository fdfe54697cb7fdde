import { Window } from 'happy-dom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BarChart, type BarChartProps, CHART_COLORS, niceStep } from './BarChart.tsx';

/** The chart as the server sends it, read back as a document. */
function render(props: Partial<BarChartProps> = {}) {
  const window = new Window();
  window.document.body.innerHTML = renderToStaticMarkup(
    <BarChart
      id="essai"
      title="Rencontres tenues par secteur"
      description="Une barre par secteur : le nombre de rencontres tenues."
      categoryHeader="Secteur"
      orientation="bars"
      categories={[{ label: 'Métallurgie' }, { label: 'Naval' }, { label: 'Ferroviaire' }]}
      series={[
        { label: 'Rencontres tenues', values: [12_345, 40, 0] },
        { label: 'Participants', values: [150_000, 600, 0], tableOnly: true },
      ]}
      emptyText="Aucune rencontre tenue sur la période."
      {...props}
    />,
  );
  return window.document;
}

const texts = (nodes: Iterable<{ textContent: string | null }>) => [...nodes].map((node) => node.textContent);

describe('BarChart', () => {
  it('is one image named by its title and described in words', () => {
    const document = render();
    const svg = document.querySelector('svg');
    expect(svg?.getAttribute('role')).toBe('img');
    const [titleId, descId] = svg?.getAttribute('aria-labelledby')?.split(' ') ?? [];
    expect(document.getElementById(titleId ?? '')?.tagName.toLowerCase()).toBe('title');
    expect(document.getElementById(titleId ?? '')?.textContent).toBe('Rencontres tenues par secteur');
    expect(document.getElementById(descId ?? '')?.textContent).toBe(
      'Une barre par secteur : le nombre de rencontres tenues.',
    );
    // It scales with its column: a viewBox, no fixed size.
    expect(svg?.getAttribute('viewBox')).toMatch(/^0 0 360 \d+(\.\d)?$/);
    expect(svg?.getAttribute('width')).toBeNull();
  });

  it('has its numbers in a table beside it, with a caption and headers for columns and rows, in French', () => {
    const document = render();
    const table = document.querySelector('table');
    expect(table?.querySelector('caption')?.textContent).toBe('Rencontres tenues par secteur : les nombres');
    expect(texts(table?.querySelectorAll('th[scope="col"]') ?? [])).toEqual([
      'Secteur',
      'Rencontres tenues',
      'Participants',
    ]);
    expect(texts(table?.querySelectorAll('th[scope="row"]') ?? [])).toEqual([
      'Métallurgie',
      'Naval',
      'Ferroviaire',
    ]);
    // Thousands apart with the narrow no-break space, as French writes them.
    expect(texts(table?.querySelectorAll('tbody tr:first-child td') ?? [])).toEqual([
      '12\u202f345',
      '150\u202f000',
    ]);
    // The table scrolls on its own on a phone, and the keyboard can scroll it.
    const region = table?.parentElement;
    expect(region?.getAttribute('tabindex')).toBe('0');
    expect(region?.getAttribute('aria-labelledby')).toBe(table?.querySelector('caption')?.id);
  });

  it('draws a bar per category of the series it charts, its value written beside it', () => {
    const document = render();
    const bars = document.querySelectorAll('svg rect[data-value]');
    expect(bars).toHaveLength(3);
    expect(Number(bars[0]?.getAttribute('width'))).toBeGreaterThan(Number(bars[1]?.getAttribute('width')));
    expect(bars[2]?.getAttribute('width')).toBe('0');
    expect(texts(document.querySelectorAll('svg text'))).toEqual(
      expect.arrayContaining(['Métallurgie', '12\u202f345', 'Naval', '40']),
    );
    // The participants are in the table only.
    expect(texts(document.querySelectorAll('svg text'))).not.toContain('150\u202f000');
  });

  it('hatches the second series besides its colour, and names both in a legend', () => {
    const document = render({
      orientation: 'columns',
      categories: [
        { label: 'janvier 2026', axisLabel: 'janv.', axisSubLabel: '2026' },
        { label: 'février 2026', axisLabel: 'févr.', axisSubLabel: '2026' },
      ],
      series: [
        { label: 'Réservations', values: [30, 20] },
        { label: 'Rencontres tenues', values: [10, 15] },
      ],
    });
    const fills = [...document.querySelectorAll('svg rect')].map((rect) => rect.getAttribute('fill'));
    expect(fills.filter((fill) => fill === CHART_COLORS[0])).toHaveLength(3);
    expect(fills.filter((fill) => fill === 'url(#essai-hatch)')).toHaveLength(3);
    expect(document.querySelector('pattern#essai-hatch')).not.toBeNull();
    const svgTexts = texts(document.querySelectorAll('svg text'));
    expect(svgTexts).toEqual(expect.arrayContaining(['Réservations', 'Rencontres tenues']));
    // The year where it changes only.
    expect(svgTexts).toEqual(expect.arrayContaining(['janv. 2026', 'févr.']));
    expect(texts(document.querySelectorAll('tbody th'))).toEqual(['janvier 2026', 'février 2026']);
  });

  it('draws only the first categories when told, says so, and the table keeps them all', () => {
    const document = render({ chartLimit: 2 });
    expect(document.querySelectorAll('svg rect[data-value]')).toHaveLength(2);
    expect(document.querySelector('svg title')?.textContent).toBe(
      'Rencontres tenues par secteur, les 2 premières lignes du tableau',
    );
    expect(document.body.textContent).toContain(
      'Le graphique montre les 2 premières lignes ; le tableau les donne toutes (3).',
    );
    expect(document.querySelectorAll('tbody tr')).toHaveLength(3);
  });

  it('writes a long name whole above its bar, and cuts only what would not fit the width', () => {
    const sector = 'Électrique, électronique, numérique et informatique';
    const tooLong = `${sector} (et les services qui vont avec)`;
    const document = render({
      categories: [{ label: sector }, { label: tooLong }],
      series: [{ label: 'Rencontres tenues', values: [3, 2] }],
    });
    const svgTexts = texts(document.querySelectorAll('svg text'));
    expect(svgTexts).toContain(sector);
    expect(svgTexts).toContain(`${tooLong.slice(0, 55)}…`);
    expect(texts(document.querySelectorAll('tbody th'))).toEqual([sector, tooLong]);
  });

  it('says there is nothing to show instead of an empty chart', () => {
    const document = render({ series: [{ label: 'Rencontres tenues', values: [0, 0, 0] }] });
    expect(document.querySelector('svg')).toBeNull();
    expect(document.querySelector('table')).toBeNull();
    expect(document.body.textContent).toBe('Aucune rencontre tenue sur la période.');
  });

  it('steps its axis by 1, 2 or 5 times a power of ten', () => {
    expect([niceStep(0), niceStep(7), niceStep(40), niceStep(12_345), niceStep(900)]).toEqual([
      1, 2, 10, 5000, 500,
    ]);
  });
});

import { TEXT_MAX } from '../common/text.ts';

// React's production build, as the server runs it (the development one checks every element: 7× slower).
process.env.NODE_ENV = 'production';
const { createElement } = await import('react');
const { renderToStaticMarkup } = await import('react-dom/server');
const { createServer } = await import('vite');

/**
 * What rendering an article's Markdown costs: the article page renders it on every visit, the editor's
 * preview on every pause in typing. Bodies at the API's cap (TEXT_MAX.articleBody), written as an
 * administrator would and as an attacker would, to show that no input takes the parser quadratic time.
 * `node bench/markdown.ts` prints the table (docs/decisions/0035-markdown.md). The component is TSX, which
 * Node does not strip: Vite loads it, as the build does.
 */
const MAX = TEXT_MAX.articleBody;
const fill = (unit: string) => unit.repeat(Math.ceil(MAX / unit.length)).slice(0, MAX);

const BODIES: Record<string, string> = {
  'a short article':
    'Avant la visite, présentez l’entreprise et ses métiers en classe.\n\nLe jour J, vérifiez la tenue demandée.\n\n- arrivez en avance\n- *posez* vos **questions**\n\n[La FAQ](/faq)',
  'prose, headings, lists, links': fill(
    '## Un intertitre\n\nUn paragraphe avec du *texte*, du **gras** et un [lien](https://exemple.fr/page).\nUne ligne de plus.\n\n- un point\n- un autre\n\n',
  ),
  'unclosed emphasis (*a *a …)': fill('*a '),
  'unclosed links ([a](b …)': fill('[a](b '),
  'open brackets ([[[…)': fill('['),
  'underscores (_a__a_…)': fill('_a_'),
  'nested quotes (> > > …)': fill('> '),
  'one list of 8,333 nested items': fill('- a\n  '),
  'raw HTML': fill('<img src=x onerror=alert(1)>'),
};

const vite = await createServer({
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false },
});
try {
  const { Markdown } = await vite.ssrLoadModule('/islands/ui/Markdown.tsx');
  const render = (source: string) => renderToStaticMarkup(createElement(Markdown, { source }));
  const rows = Object.entries(BODIES).map(([body, source]) => {
    for (let i = 0; i < 3; i++) render(source);
    const times: number[] = [];
    const until = performance.now() + 1000;
    while (performance.now() < until || times.length < 5) {
      const started = performance.now();
      render(source);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(2);
    return { body, characters: source.length, renders: times.length, 'p50 ms': at(0.5), 'max ms': at(1) };
  });
  console.table(rows);
} finally {
  await vite.close();
}

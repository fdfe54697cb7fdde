import { cleanup, render } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { linkTarget, Markdown, type MarkdownProps } from './Markdown.tsx';

afterEach(cleanup);

/** The HTML the server sends for this source, without the wrapper. */
function html(source: string, props: Omit<MarkdownProps, 'source'> = {}): string {
  return renderToStaticMarkup(<Markdown source={source} {...props} />)
    .replace(/^<div class="markdown">/, '')
    .replace(/<\/div>$/, '');
}

describe('Markdown', () => {
  it('writes paragraphs, and a line break wherever the author typed one', () => {
    expect(html('Première ligne\ndeuxième ligne\n\nAutre paragraphe')).toBe(
      '<p>Première ligne<br/>deuxième ligne</p><p>Autre paragraphe</p>',
    );
  });

  it('writes emphasis, strong emphasis and inline code, but not underscores inside words', () => {
    expect(html('Un *mot*, un **autre** et `du code` dans snake_case_name')).toBe(
      '<p>Un <em>mot</em>, un <strong>autre</strong> et <code>du code</code> dans snake_case_name</p>',
    );
  });

  it('writes bulleted, numbered and nested lists, and quotes', () => {
    expect(html('- un\n- deux\n  1. a\n  2. b\n\n3. trois\n4. quatre\n\n> cité')).toBe(
      '<ul><li>un</li><li>deux<ol><li>a</li><li>b</li></ol></li></ul>' +
        '<ol start="3"><li>trois</li><li>quatre</li></ol><blockquote><p>cité</p></blockquote>',
    );
  });

  it('shifts headings under the page’s h1 and never skips a level', () => {
    expect(html('# Un\n\n## Deux\n\n### Trois')).toBe('<h2>Un</h2><h3>Deux</h3><h4>Trois</h4>');
    // An article that starts at ### still starts at h2, and a jump from ## to #### becomes one level.
    expect(html('### Un\n\n#### Deux\n\n###### Trois')).toBe('<h2>Un</h2><h3>Deux</h3><h4>Trois</h4>');
    expect(html('#### Plus bas d’abord\n\n# Puis le plus haut')).toBe(
      '<h2>Plus bas d’abord</h2><h2>Puis le plus haut</h2>',
    );
    // In the content screen's preview, headings start lower and stop at h6.
    expect(html('# Un\n\n## Deux\n\n### Trois', { headingLevel: 5 })).toBe(
      '<h5>Un</h5><h6>Deux</h6><h6>Trois</h6>',
    );
  });

  it('links http(s), mailto and the site’s own pages; another site’s link gets rel="noopener noreferrer"', () => {
    expect(html('[Site](https://exemple.fr/page?a=1 "Titre")')).toBe(
      '<p><a class="link" href="https://exemple.fr/page?a=1" title="Titre" rel="noopener noreferrer">Site</a></p>',
    );
    expect(html('[Nous écrire](mailto:contact@passerelle.fr) ou la [FAQ](/faq)')).toBe(
      '<p><a class="link" href="mailto:contact@passerelle.fr">Nous écrire</a> ou la <a class="link" href="/faq">FAQ</a></p>',
    );
    expect(html('<https://exemple.fr>')).toBe(
      '<p><a class="link" href="https://exemple.fr" rel="noopener noreferrer">https://exemple.fr</a></p>',
    );
  });

  it('shows no picture: an image is its text and a link', () => {
    expect(html('![Logo](https://exemple.fr/logo.png)')).toBe(
      '<p>!<a class="link" href="https://exemple.fr/logo.png" rel="noopener noreferrer">Logo</a></p>',
    );
  });

  it('keeps a fenced block as code, escaped', () => {
    expect(html('```\n<b>gras</b>\n```')).toBe('<pre><code>&lt;b&gt;gras&lt;/b&gt;\n</code></pre>');
  });

  it('writes raw HTML as text', () => {
    expect(html('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(html('Avant <img src=x onerror=alert(1)> après')).toBe(
      '<p>Avant &lt;img src=x onerror=alert(1)&gt; après</p>',
    );
  });
});

/** Payloads from the usual XSS lists, in Markdown and in HTML. */
const ATTACKS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">clic</a>',
  '<style>body{display:none}</style>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<object data="javascript:alert(1)"></object>',
  '<details open ontoggle=alert(1)>',
  '[clic](javascript:alert(1))',
  '[clic](JaVaScRiPt:alert(1))',
  '[clic](javascript&#58;alert(1))',
  '[clic](&#106;avascript:alert(1))',
  '[clic](java\tscript:alert(1))',
  '[clic](<java script:alert(1)>)',
  '[clic](< javascript:alert(1)>)',
  '[clic](\u0001javascript:alert(1))',
  '[clic](vbscript:msgbox(1))',
  '[clic](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[clic](file:///etc/passwd)',
  '<javascript:alert(1)>',
  '<data:text/html,<script>alert(1)</script>>',
  '[clic][ref]\n\n[ref]: javascript:alert(1)',
  '![x](javascript:alert(1))',
  '![x](https://exemple.fr/x.png" onerror="alert(1))',
  '[clic](https://exemple.fr "\\" onmouseover=\\"alert(1)")',
  '**<script>alert(1)</script>**',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
  '> <img src=x onerror=alert(1)>',
  '- [clic](javascript:alert(1))',
  '[<img src=x onerror=alert(1)>](https://exemple.fr)',
];

describe('Markdown against XSS', () => {
  it.each(ATTACKS)('renders %j without markup, script or unsafe address', (source) => {
    const { container } = render(<Markdown source={source} />);
    const root = container.querySelector('.markdown') as HTMLElement;
    expect(
      root.querySelectorAll('script, img, svg, iframe, style, object, embed, details, div'),
    ).toHaveLength(0);
    for (const element of root.querySelectorAll('*')) {
      for (const { name } of element.attributes) {
        expect(['class', 'href', 'title', 'rel', 'start']).toContain(name);
      }
    }
    for (const link of root.querySelectorAll('a')) {
      expect(link.getAttribute('href')).toMatch(/^(https?:\/\/|mailto:|\/|#)/);
    }
  });

  it('keeps the words of a refused link', () => {
    expect(html('[clic](javascript:alert(1))')).toBe('<p>[clic](javascript:alert(1))</p>');
    expect(html('[clic][ref]\n\n[ref]: data:text/html,x')).toBe(
      '<p>[clic][ref]</p><p>[ref]: data:text/html,x</p>',
    );
  });
});

describe('linkTarget', () => {
  it('takes http(s), mailto and paths, and refuses every other scheme', () => {
    expect(linkTarget('https://exemple.fr')).toEqual({ href: 'https://exemple.fr', external: true });
    expect(linkTarget('HTTP://exemple.fr')).toEqual({ href: 'HTTP://exemple.fr', external: true });
    expect(linkTarget('//exemple.fr/x')).toEqual({ href: '//exemple.fr/x', external: true });
    expect(linkTarget('mailto:a@b.fr')).toEqual({ href: 'mailto:a@b.fr', external: false });
    expect(linkTarget('/article/3#suite')).toEqual({ href: '/article/3#suite', external: false });
    expect(linkTarget('#suite')).toEqual({ href: '#suite', external: false });
    expect(linkTarget('faq?x=a:b')).toEqual({ href: 'faq?x=a:b', external: false });
    for (const refused of ['javascript:alert(1)', 'data:x', 'tel:0102030405', 'ftp://a', '%01javascript:x']) {
      expect(linkTarget(refused)).toBeNull();
    }
  });
});

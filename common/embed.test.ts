import { describe, expect, it } from 'vitest';
import { EMBED_FALLBACK_HEIGHT, embedSnippets } from './embed.ts';

describe('the « Nos prochaines visites » snippets', () => {
  const snippets = embedSnippets('https://passerelle.example/', { id: 42, name: 'Fonderie "Lune" & <Fils>' });

  it('point at the platform with absolute addresses, the embed and the company page', () => {
    expect(snippets.embedUrl).toBe('https://passerelle.example/embed/company/42');
    expect(snippets.companyUrl).toBe('https://passerelle.example/company-details?id=42');
    expect(snippets.iframe).toMatch(/^<iframe src="https:\/\/passerelle\.example\/embed\/company\/42" /);
    expect(snippets.iframe).toContain('loading="lazy"');
    expect(snippets.linkCard).toMatch(
      /^<a href="https:\/\/passerelle\.example\/company-details\?id=42" target="_blank" rel="noopener" /,
    );
  });

  it('escape the company name, which the company pastes as HTML', () => {
    expect(snippets.iframe).toContain(
      'title="Nos prochaines visites — Fonderie &quot;Lune&quot; &amp; &lt;Fils&gt;"',
    );
    expect(snippets.linkCard).toContain(
      'chez Fonderie &quot;Lune&quot; &amp; &lt;Fils&gt; sur Passerelle Industrie',
    );
    expect(snippets.linkCard).not.toContain('<Fils>');
  });

  it('are a frame with the script that sizes it, and a link with none', () => {
    expect(snippets.linkCard).not.toMatch(/<script|javascript:|on\w+=/i);
    const [frameTag] = snippets.iframe.split('\n');
    expect(frameTag).toMatch(/^<iframe [^<]*><\/iframe>$/);
    expect(frameTag).not.toMatch(/javascript:|\son\w+=/i);
    expect(snippets.iframe.match(/<iframe/g)).toHaveLength(1);
    expect(snippets.iframe.match(/<script>/g)).toHaveLength(1);
    expect(snippets.linkCard.match(/<a /g)).toHaveLength(1);
  });

  it('size the frame to its page: a height from the platform’s frame only, and one without the script', () => {
    expect(snippets.iframe).toContain(`height="${EMBED_FALLBACK_HEIGHT}"`);
    expect(snippets.iframe).toContain(' data-passerelle>');
    const script = /<script>(.*)<\/script>$/.exec(snippets.iframe)?.[1] ?? '';
    expect(script).toContain('e.origin!=="https://passerelle.example"');
    // The host's listener, run on a page holding the frame and another one.
    const frame = { contentWindow: {}, style: { height: '' } };
    const other = { contentWindow: {}, style: { height: '' } };
    let listener: (event: object) => void = () => {};
    const host = {
      addEventListener: (_type: string, handler: typeof listener) => {
        listener = handler;
      },
      document: { querySelectorAll: () => [frame, other] },
    };
    new Function('addEventListener', 'document', script)(host.addEventListener, host.document);
    const origin = 'https://passerelle.example';
    listener({
      origin: 'https://evil.example',
      source: frame.contentWindow,
      data: { passerelleEmbedHeight: 9 },
    });
    listener({ origin, source: frame.contentWindow, data: { passerelleEmbedHeight: '9' } });
    listener({ origin, source: {}, data: { passerelleEmbedHeight: 9 } });
    expect(frame.style.height).toBe('');
    listener({ origin, source: frame.contentWindow, data: { passerelleEmbedHeight: 412 } });
    expect(frame.style.height).toBe('412px');
    expect(other.style.height).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { embedSnippets } from './embed.ts';

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

  it('are one element each, with no script', () => {
    for (const code of [snippets.iframe, snippets.linkCard]) {
      expect(code).not.toMatch(/<script|javascript:|on\w+=/i);
    }
    expect(snippets.iframe.match(/<iframe/g)).toHaveLength(1);
    expect(snippets.linkCard.match(/<a /g)).toHaveLength(1);
  });
});

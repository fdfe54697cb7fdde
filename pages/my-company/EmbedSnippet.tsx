import { EMBED_HEADING, type EmbedSnippets } from '../../common/embed.ts';
import { SnippetField } from '../../islands/companies/SnippetField.tsx';
import { Island } from '../../islands/Island.tsx';

/**
 * « Nos prochaines visites » on the company's own website (issue 21; docs/decisions/0052): the <iframe> of
 * its embeddable page, or a plain link card, to copy, and a preview. Shown once the company is validated:
 * until then the page is not public.
 */
export function EmbedSnippet({ snippets }: { snippets: EmbedSnippets | null }) {
  return (
    <section
      aria-labelledby="sur-votre-site"
      className="flex flex-col gap-5 rounded-xl bg-white p-6"
      data-testid="embed-snippet"
    >
      <h2 id="sur-votre-site">{EMBED_HEADING} sur votre site</h2>
      {snippets ? (
        <>
          <p>
            Affichez vos créneaux ouverts sur le site de votre entreprise : copiez l’un de ces codes dans une
            page de votre site. Les enseignants y voient combien de créneaux vous proposez et réservent sur
            Passerelle Industrie.
          </p>
          <Island
            name="SnippetField"
            component={SnippetField}
            props={{
              id: 'code-iframe',
              label: 'Code du cadre à intégrer',
              hint: 'Un cadre (iframe) qui se met à jour tout seul et prend la hauteur de son contenu.',
              code: snippets.iframe,
            }}
          />
          <Island
            name="SnippetField"
            component={SnippetField}
            props={{
              id: 'code-lien',
              label: 'Ou code d’un simple lien',
              hint: 'Pour les sites qui n’acceptent pas les cadres : un lien vers la page de votre entreprise.',
              code: snippets.linkCard,
            }}
          />
          <p>
            <a className="link" href={snippets.embedUrl} target="_blank" rel="noopener">
              Aperçu du cadre
              <span className="sr-only"> (nouvel onglet)</span>
            </a>
          </p>
        </>
      ) : (
        <p>Ces codes seront disponibles une fois votre entreprise validée par notre équipe.</p>
      )}
    </section>
  );
}

import { EMBED_HEADING, type EmbedSnippets } from '../../common/embed.ts';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../../islands/ui/Field.tsx';

/** One snippet to copy: read-only code, selected as a whole by the company (no script needed). */
function SnippetField({ id, label, hint, code }: { id: string; label: string; hint: string; code: string }) {
  const ids = useFieldIds(id);
  return (
    <Field ids={ids} label={label} hint={hint}>
      <textarea
        id={ids.controlId}
        readOnly
        rows={4}
        value={code}
        spellCheck={false}
        {...describedControlProps(ids, { hint: true })}
        className={controlClassName(false, 'h-auto py-3 font-mono text-sm')}
      />
    </Field>
  );
}

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
            Affichez vos créneaux ouverts sur le site de votre entreprise : copiez l’un de ces codes dans une
            page de votre site. Les enseignants y voient combien de créneaux vous proposez et réservent sur
            Passerelle Industrie.
          </p>
          <SnippetField
            id="code-iframe"
            label="Code du cadre à intégrer"
            hint="Un cadre (iframe) qui se met à jour tout seul, sans script."
            code={snippets.iframe}
          />
          <SnippetField
            id="code-lien"
            label="Ou code d’un simple lien"
            hint="Pour les sites qui n’acceptent pas les cadres : un lien vers la page de votre entreprise."
            code={snippets.linkCard}
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

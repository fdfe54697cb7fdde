import { useData } from 'vike-react/useData';
import { HOSTS, isPlaceholder, PUBLISHER } from '../../common/legal.ts';
import { ROUTES } from '../../common/routes.ts';
import type { LegalData } from '../layout/legal-data.ts';

/** A fact of the notice; one still to be given by the publisher is marked as such. */
function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:gap-2">
      <dt className="font-semibold">{label} :</dt>
      <dd className={isPlaceholder(value) ? 'italic text-error-text' : undefined}>{value}</dd>
    </div>
  );
}

export default function Page() {
  const { contactEmail, publicUrl } = useData<LegalData>();
  return (
    <div className="page flex max-w-3xl flex-col gap-6">
      <h1>Mentions légales</h1>
      <section className="prose-block flex flex-col gap-2" aria-labelledby="editeur">
        <h2 id="editeur">Éditeur</h2>
        <p>Le site {publicUrl} (Passerelle Industrie) est édité par :</p>
        <dl className="flex flex-col gap-2">
          <Fact label="Raison sociale" value={PUBLISHER.name} />
          <Fact label="Forme juridique" value={PUBLISHER.legalForm} />
          <Fact label="Siège" value={PUBLISHER.address} />
          <Fact label="SIRET" value={PUBLISHER.siret} />
          <Fact label="Directeur ou directrice de la publication" value={PUBLISHER.director} />
        </dl>
        <p>
          Pour nous écrire :{' '}
          <a className="link" href={`mailto:${contactEmail}`}>
            {contactEmail}
          </a>
          .
        </p>
      </section>
      <section className="prose-block flex flex-col gap-2" aria-labelledby="hebergement">
        <h2 id="hebergement">Hébergement</h2>
        <ul className="flex list-disc flex-col gap-2 pl-6">
          {HOSTS.map((host) => (
            <li key={host.name}>
              {host.name}, {host.address} ({host.role}) :{' '}
              <a className="link" href={host.website}>
                {host.website.replace('https://', '')}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section className="prose-block flex flex-col gap-2" aria-labelledby="propriete">
        <h2 id="propriete">Propriété intellectuelle</h2>
        <p>
          Les textes, le logo et l’interface de la plateforme appartiennent à leur éditeur. Les présentations,
          images et documents des entreprises et des enseignants restent la propriété de leurs auteurs, qui
          les publient sous leur responsabilité.
        </p>
      </section>
      <section className="prose-block flex flex-col gap-2" aria-labelledby="donnees">
        <h2 id="donnees">Données personnelles et accessibilité</h2>
        <p>
          Ce que la plateforme fait de vos données et vos droits sont expliqués dans la{' '}
          <a className="link" href={ROUTES.privacyPolicy}>
            politique de confidentialité
          </a>
          . L’état de son accessibilité est décrit dans la{' '}
          <a className="link" href={ROUTES.accessibility}>
            déclaration d’accessibilité
          </a>
          .
        </p>
      </section>
    </div>
  );
}

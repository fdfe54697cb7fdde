import type { ReactNode } from 'react';
import { useData } from 'vike-react/useData';
import { ACCESSIBILITY_STATEMENT, PUBLISHER } from '../../common/legal.ts';
import { ROUTES } from '../../common/routes.ts';
import type { LegalData } from '../layout/legal-data.ts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="prose-block flex flex-col gap-2" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** What is known not to be accessible (docs/decisions/0098), each with what to use instead. */
const GAPS = [
  'Le salon de visioconférence intégré n’affiche des sous-titres que lorsqu’un service de transcription est branché sur le serveur de visioconférence, ce qui n’est pas le cas aujourd’hui : les webinaires ne sont pas sous-titrés (critère 4.3). Demandez à l’entreprise une présentation écrite, ou une intervention en classe ou une visite.',
  'Les documents PDF produits par la plateforme (attestation, fiche de sortie, autorisation parentale, billet, synthèse d’une classe) ne sont pas balisés pour les lecteurs d’écran (critère 13.3). Chacun existe aussi en page web, accessible, depuis la page du rendez-vous ou de la classe.',
  'La carte de la recherche se parcourt mal au clavier et avec un lecteur d’écran : l’onglet « Liste » donne les mêmes entreprises, avec leur distance.',
];

export default function Page() {
  const { contactEmail, publicUrl } = useData<LegalData>();
  return (
    <div className="page flex max-w-3xl flex-col gap-6">
      <h1>Déclaration d’accessibilité</h1>
      <p>
        {PUBLISHER.name} s’engage à rendre ses services numériques accessibles, conformément à l’article 47 de
        la loi n° 2005-102 du 11 février 2005. Cette déclaration s’applique à Passerelle Industrie (
        {publicUrl}
        ).
      </p>
      <Section id="etat" title="État de conformité">
        <p>
          Passerelle Industrie est <strong>{ACCESSIBILITY_STATEMENT.status}</strong> avec le référentiel
          général d’amélioration de l’accessibilité ({ACCESSIBILITY_STATEMENT.standard}), en raison des
          non-conformités et des dérogations énumérées ci-dessous.
        </p>
      </Section>
      <Section id="resultats" title="Résultats des tests">
        <p>
          Aucun audit complet du RGAA n’a encore été mené par un auditeur. Chaque page de la plateforme, dans
          chacun des états qu’un utilisateur rencontre (visiteur, enseignant, entreprise, administration,
          formulaires en erreur, téléphone et ordinateur), est vérifiée automatiquement à chaque modification
          avec axe-core, sur ses règles du RGAA et des WCAG 2.1 niveau AA : aucune erreur n’y est relevée. Un
          audit automatique ne contrôle qu’une partie des critères (contrastes, noms des champs et des liens,
          structure) ; il ne permet pas de calculer un taux de conformité, d’où l’état « partiellement
          conforme ».
        </p>
      </Section>
      <Section id="non-accessible" title="Contenus non accessibles">
        <h3>Non-conformités</h3>
        <ul className="flex list-disc flex-col gap-2 pl-6">
          {GAPS.map((gap) => (
            <li key={gap}>{gap}</li>
          ))}
        </ul>
        <h3>Contenus non soumis à l’obligation d’accessibilité</h3>
        <ul className="flex list-disc flex-col gap-2 pl-6">
          <li>
            Les documents déposés par les entreprises et les enseignants (documents de visite, pièces
            jointes), dont ils sont les auteurs.
          </li>
          <li>Les offres d’emploi lues sur le site de recrutement relié à la plateforme.</li>
        </ul>
      </Section>
      <Section id="etablissement" title="Établissement de cette déclaration">
        <p>
          Cette déclaration a été établie le {ACCESSIBILITY_STATEMENT.date}. Technologies utilisées : HTML,
          CSS, et JavaScript pour quelques formulaires (chacun fonctionne aussi sans). Tests réalisés avec
          axe-core dans Chromium, sur ordinateur et sur un écran de téléphone, et avec Lighthouse.
        </p>
      </Section>
      <Section id="contact" title="Retour d’information et contact">
        <p>
          Si vous n’arrivez pas à accéder à un contenu ou à un service, écrivez-nous à{' '}
          <a className="link" href={`mailto:${contactEmail}`}>
            {contactEmail}
          </a>{' '}
          (ou par{' '}
          <a className="link" href={ROUTES.contactUs}>
            le formulaire de contact
          </a>{' '}
          si vous êtes connecté(e)) : nous vous indiquerons une autre façon d’y accéder ou vous enverrons le
          contenu sous une autre forme.
        </p>
      </Section>
      <Section id="recours" title="Voies de recours">
        <p>
          Si vous nous avez signalé un défaut d’accessibilité qui vous empêche d’accéder à un contenu ou à un
          service et que vous n’avez pas obtenu de réponse satisfaisante, vous pouvez saisir le Défenseur des
          droits :
        </p>
        <ul className="flex list-disc flex-col gap-2 pl-6">
          <li>
            par le{' '}
            <a className="link" href="https://formulaire.defenseurdesdroits.fr/">
              formulaire en ligne
            </a>
            ;
          </li>
          <li>
            en contactant{' '}
            <a className="link" href="https://www.defenseurdesdroits.fr/saisir/delegues">
              le délégué ou la déléguée du Défenseur des droits de votre région
            </a>
            ;
          </li>
          <li>par téléphone au 09 69 39 00 00 ;</li>
          <li>
            par courrier, gratuitement et sans timbre : Défenseur des droits, Libre réponse 71120, 75342 Paris
            CEDEX 07.
          </li>
        </ul>
      </Section>
    </div>
  );
}

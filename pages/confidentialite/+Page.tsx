import type { ReactNode } from 'react';
import { useData } from 'vike-react/useData';
import { HOSTS, PUBLISHER } from '../../common/legal.ts';
import { RETENTION } from '../../common/privacy.ts';
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

/** What is kept, why and on what legal basis (RGPD, article 6). */
const PURPOSES: { data: string; why: string; basis: string }[] = [
  {
    data: 'Votre compte : nom, prénom, adresse e-mail, téléphone, mot de passe (chiffré) ; pour un enseignant, son profil, son établissement, ses critères et son adresse de référence ; pour une entreprise, la fonction de chaque membre de son équipe',
    why: 'vous identifier, vous mettre en relation et vous écrire au sujet de vos rendez-vous',
    basis: 'l’exécution des conditions générales d’utilisation que vous avez acceptées',
  },
  {
    data: 'Vos réservations : le créneau, la taille et le public du groupe, votre message à l’entreprise, l’adulte accompagnateur, vos classes',
    why: 'organiser la visite, l’intervention ou le webinaire avec l’entreprise, préparer les documents de sortie et l’attestation',
    basis: 'l’exécution des conditions générales d’utilisation',
  },
  {
    data: 'Vos réponses aux questionnaires de satisfaction, vos messages à l’équipe et aux entreprises, vos demandes d’aide au transport',
    why: 'améliorer les rencontres, vous répondre, organiser le transport',
    basis: 'l’intérêt légitime de l’éditeur à faire fonctionner et améliorer le service',
  },
  {
    data: 'Les dates de vos connexions et de l’utilisation de votre compte',
    why: 'sécuriser votre compte, et savoir quand il n’est plus utilisé',
    basis: 'l’intérêt légitime de l’éditeur à protéger les comptes et à ne pas garder les données inutiles',
  },
  {
    data: 'Votre inscription à l’alerte hebdomadaire des nouveaux créneaux',
    why: 'vous envoyer chaque lundi les créneaux proches de chez vous',
    basis: 'votre consentement, que vous retirez en un clic depuis chaque e-mail ou votre profil',
  },
];

export default function Page() {
  const { contactEmail } = useData<LegalData>();
  const contact = (
    <a className="link" href={`mailto:${contactEmail}`}>
      {contactEmail}
    </a>
  );
  return (
    <div className="page flex max-w-3xl flex-col gap-6">
      <h1>Politique de confidentialité</h1>
      <p>
        Passerelle Industrie ne collecte que ce qu’il faut pour organiser des rencontres entre les entreprises
        industrielles et les classes. Aucune donnée n’est vendue ni utilisée pour de la publicité, et le site
        ne contient aucun traceur.
      </p>
      <Section id="responsable" title="Qui est responsable de vos données">
        <p>
          Le responsable du traitement est l’éditeur de la plateforme, {PUBLISHER.name} (voir les{' '}
          <a className="link" href={ROUTES.legalNotice}>
            mentions légales
          </a>
          ). Pour toute question sur vos données : {contact}.
        </p>
      </Section>
      <Section id="quoi" title="Quelles données, pour quoi faire">
        <ul className="flex list-disc flex-col gap-3 pl-6">
          {PURPOSES.map((purpose) => (
            <li key={purpose.data}>
              <strong>{purpose.data}.</strong> Pour quoi : {purpose.why}. Base légale : {purpose.basis}.
            </li>
          ))}
        </ul>
        <p>
          Le seul cookie déposé est celui de votre session, indispensable pour rester connecté(e) : il ne
          demande pas votre consentement. Aucun outil de mesure d’audience n’est utilisé.
        </p>
      </Section>
      <Section id="combien-de-temps" title="Combien de temps">
        <ul className="flex list-disc flex-col gap-2 pl-6">
          <li>Vos données sont gardées tant que vous utilisez votre compte.</li>
          <li>
            Un compte inutilisé pendant deux ans est anonymisé. Après {RETENTION.warnAfterMonths} mois sans
            connexion, nous vous écrivons : un clic sur « Garder mon compte » ou une connexion suffit à le
            garder. Sinon, il est anonymisé au bout de {RETENTION.anonymiseAfterMonths} mois, et au moins{' '}
            {RETENTION.noticeDays} jours après notre e-mail.
          </li>
          <li>
            Si vous supprimez votre compte (enseignants : depuis « Mon profil » ; entreprises : en nous
            écrivant), il est anonymisé aussitôt et vos rendez-vous à venir sont annulés.
          </li>
          <li>
            Une session de connexion expire après 30 jours sans utilisation, un lien de nouveau mot de passe
            après une heure, un lien de changement d’adresse e-mail après un jour.
          </li>
        </ul>
        <p>
          <strong>Ce qui reste après l’anonymisation, et pourquoi.</strong> Vos nom, prénom, adresse e-mail,
          téléphone, mot de passe, présentation, documents, favoris, sessions, vos messages aux entreprises et
          à l’équipe, les commentaires de vos questionnaires et de vos demandes de transport sont effacés. Vos
          rendez-vous passés restent, sans votre nom : date, entreprise, type de rencontre, taille et public
          du groupe, établissement, ainsi que les notes données aux questionnaires. Ils servent aux
          statistiques du programme (combien de rencontres, dans quels secteurs et territoires) et permettent
          de vérifier une attestation de rencontre, qui ne nomme personne.
        </p>
      </Section>
      <Section id="destinataires" title="Qui reçoit vos données">
        <ul className="flex list-disc flex-col gap-2 pl-6">
          <li>
            L’entreprise avec laquelle un enseignant réserve reçoit ce que la réservation lui dit : nom,
            adresse e-mail, téléphone et établissement de l’enseignant, le groupe et son message. L’enseignant
            reçoit les coordonnées de l’intervenant et du contact de l’entreprise.
          </li>
          <li>
            L’équipe de la plateforme : les chambres régionales qui l’animent, pour leur territoire, et les
            administrateurs nationaux.
          </li>
          <li>
            Nos sous-traitants, pour ce qui les concerne :{' '}
            {HOSTS.map((host) => `${host.name} (${host.role})`).join(', ')}, Brevo (Sendinblue SAS, Paris :
            l’envoi des e-mails), et le serveur de visioconférence LiveKit pour les webinaires.
          </li>
          <li>
            Pour les entreprises, le site de recrutement relié à la plateforme, qui gère les identifiants des
            recruteurs.
          </li>
        </ul>
        <p>
          Certains de ces prestataires sont établis aux États-Unis : les transferts reposent sur les clauses
          contractuelles types de la Commission européenne et, pour ceux qui y adhèrent, sur le cadre de
          protection des données UE–États-Unis.
        </p>
      </Section>
      <Section id="droits" title="Vos droits">
        <ul className="flex list-disc flex-col gap-2 pl-6">
          <li>
            <strong>Accès et portabilité :</strong> « Mes données », dans{' '}
            <a className="link" href={ROUTES.myProfile}>
              Mon profil
            </a>
            , télécharge tout ce que la plateforme garde à votre sujet, dans un fichier JSON lisible par
            d’autres services.
          </li>
          <li>
            <strong>Rectification :</strong> vous modifiez vous-même votre profil ; pour le reste,
            écrivez-nous.
          </li>
          <li>
            <strong>Effacement :</strong> « Supprimer mon compte » dans votre profil (enseignants), ou sur
            simple demande.
          </li>
          <li>
            <strong>Opposition et limitation :</strong> vous pouvez vous opposer à un traitement fondé sur
            notre intérêt légitime, ou en demander la limitation, en nous écrivant ; l’alerte hebdomadaire
            s’arrête en un clic.
          </li>
          <li>
            <strong>Directives :</strong> vous pouvez nous dire ce que deviennent vos données après votre
            décès.
          </li>
        </ul>
      </Section>
      <Section id="exercer" title="Comment exercer vos droits">
        <p>
          Écrivez à {contact} depuis l’adresse de votre compte : nous répondons dans un délai d’un mois. Si la
          réponse ne vous satisfait pas, vous pouvez adresser une réclamation à la Commission nationale de
          l’informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou sur{' '}
          <a className="link" href="https://www.cnil.fr/fr/plaintes">
            cnil.fr/fr/plaintes
          </a>
          .
        </p>
      </Section>
    </div>
  );
}

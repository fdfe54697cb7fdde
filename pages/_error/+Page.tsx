import { usePageContext } from 'vike-react/usePageContext';
import { isUnknownAttestation, videoRoomRefusal } from '../layout/abort-reasons.ts';

export default function Page() {
  const { is404, abortStatusCode, abortReason } = usePageContext();
  const roomRefused = videoRoomRefusal(abortReason);
  if (roomRefused) {
    return (
      <div className="page flex max-w-2xl flex-col gap-4">
        <h1>Accès refusé</h1>
        <p>Vous n’avez pas accès à cette salle de visioconférence.</p>
        <p>
          Seules l’entreprise qui organise la rencontre et les enseignants qui l’ont réservée peuvent y
          entrer.
        </p>
        <p>
          <a className="link" href={roomRefused.href}>
            {roomRefused.label}
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="page flex max-w-2xl flex-col gap-4">
      {isUnknownAttestation(abortReason) ? (
        <>
          <h1>Attestation inconnue</h1>
          <p>
            Aucune attestation de participation ne correspond à ce code. Vérifiez qu’il est recopié sans
            erreur : il compte 16 caractères, chiffres et lettres de A à F.
          </p>
        </>
      ) : abortStatusCode === 429 ? (
        <>
          <h1>Trop de demandes</h1>
          <p>Vous avez fait beaucoup de vérifications en peu de temps. Réessayez dans une minute.</p>
        </>
      ) : abortStatusCode === 403 ? (
        <>
          <h1>Accès réservé</h1>
          <p>Cette page est réservée aux administrateurs nationaux de la plateforme.</p>
        </>
      ) : is404 ? (
        <>
          <h1>Page introuvable</h1>
          <p>La page que vous cherchez n’existe pas ou n’est plus disponible.</p>
        </>
      ) : (
        <>
          <h1>Une erreur est survenue</h1>
          <p>Nous n’avons pas pu afficher cette page. Réessayez dans quelques instants.</p>
        </>
      )}
      <p>
        <a className="link" href="/">
          Retour à l’accueil
        </a>
      </p>
    </div>
  );
}

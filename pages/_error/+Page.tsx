import { usePageContext } from 'vike-react/usePageContext';

export default function Page() {
  const { is404, abortStatusCode } = usePageContext();
  return (
    <div className="page flex max-w-2xl flex-col gap-4">
      {abortStatusCode === 403 ? (
        <>
          <h1>Accès réservé</h1>
          <p>Cette page est réservée aux administrateurs nationaux de la plateforme.</p>
        </>
      ) : is404 ? (
        <>
          <h1>Page introuvable</h1>
          <p>La page que vous cherchez n'existe pas ou n'est plus disponible.</p>
        </>
      ) : (
        <>
          <h1>Une erreur est survenue</h1>
          <p>Nous n'avons pas pu afficher cette page. Réessayez dans quelques instants.</p>
        </>
      )}
      <p>
        <a className="link" href="/">
          Retour à l'accueil
        </a>
      </p>
    </div>
  );
}

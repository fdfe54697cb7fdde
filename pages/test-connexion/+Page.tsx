import { useData } from 'vike-react/useData';
import { ConnectionTest } from '../../islands/connection-test/ConnectionTest.tsx';
import { Island } from '../../islands/Island.tsx';
import type { Data } from './+data.ts';

/**
 * « Tester ma connexion » (issue 38, docs/decisions/0102): before the day, a class or a company checks that
 * its network and its devices will do for the built-in video room. Public; without LiveKit, there is no
 * such room and nothing to test.
 */
export default function Page() {
  const data = useData<Data>();
  return (
    <div className="page flex max-w-3xl flex-col gap-6">
      <h1>Tester ma connexion</h1>
      {data.available ? (
        <>
          <p>
            Avant une rencontre dans la salle de visioconférence de Passerelle Industrie, vérifiez depuis
            l’ordinateur et le réseau du jour (celui de l’établissement ou de l’entreprise) que tout passe :
            la connexion au serveur, le son et l’image en UDP et en TCP, le relais, la caméra et le micro. Le
            test dure moins d’une minute ; le navigateur vous demandera d’utiliser la caméra et le micro.
          </p>
          {/* Shown where scripts do not run (Tailwind's noscript: is `scripting: none`), as the search's map does. */}
          <p className="hidden noscript:block rounded-2xl border-2 border-error-text bg-error-light p-4 font-medium">
            Ce test a besoin de JavaScript, comme la salle de visioconférence elle-même : activez-le dans
            votre navigateur, puis rechargez la page. En attendant, voici ce que votre service informatique
            doit ouvrir.
          </p>
          <Island
            name="ConnectionTest"
            component={ConnectionTest}
            props={{ testUrl: data.testUrl, signalling: data.signalling }}
          />
        </>
      ) : (
        <p>
          La salle de visioconférence intégrée n’est pas utilisée sur cette plateforme : les rencontres à
          distance se tiennent par le lien de visioconférence que donne l’entreprise (site externe). Il n’y a
          donc rien à tester ici ; en cas de doute, testez le lien de l’entreprise avant le jour.
        </p>
      )}
    </div>
  );
}

import { useState } from 'react';
import {
  type Announced,
  CONNECTION_CHECKS,
  type ConnectionCheckName,
  type ConnectionCheckResult,
  itRequestMailto,
  itRequestText,
  NOTHING_ANNOUNCED,
  networkFailed,
  resultSentence,
  type SignallingAddress,
  verdictOf,
} from '../../common/connection-test.ts';
import { SnippetField } from '../companies/SnippetField.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { useHydrated } from '../ui/useHydrated.ts';

export interface ConnectionTestProps {
  testUrl: string;
  signalling: SignallingAddress;
}

const ACCESS = /* GraphQL */ `
  mutation ConnectionTestAccess { connectionTestAccess { serverUrl tokens { check token } } }
`;

/** What each check is called while it runs and in the list. */
export const CHECK_TITLES: Record<ConnectionCheckName, string> = {
  signalling: 'Connexion au serveur',
  udp: 'Son et image en UDP',
  tcp: 'Son et image en TCP',
  turn: 'Relais (TURN)',
  camera: 'Caméra',
  microphone: 'Micro',
};

type Run =
  | { name: 'idle' }
  | { name: 'running'; current: ConnectionCheckName | null }
  | { name: 'done' }
  | { name: 'refused'; message: string };

const MARK = { passed: '✓', failed: '✗', skipped: '–' } as const;
const MARK_LABEL = { passed: 'Réussi', failed: 'Échec', skipped: 'Non essayé' } as const;

/**
 * « Tester ma connexion » (docs/decisions/0102): « Lancer le test » asks the platform for a test room,
 * loads livekit-client (run-checks.ts, a chunk of its own) and runs its checks, each result said in French
 * as it comes; then the verdict and, when the network blocks something, the request to the IT with what the
 * server announced, to copy or to e-mail. Before hydration (or without JavaScript) the request says what the
 * platform knows alone, and no button is shown: the page says the test needs JavaScript.
 */
export function ConnectionTest({ testUrl, signalling }: ConnectionTestProps) {
  const hydrated = useHydrated();
  const [run, setRun] = useState<Run>({ name: 'idle' });
  const [results, setResults] = useState<ConnectionCheckResult[]>([]);
  const [announced, setAnnounced] = useState<Announced>(NOTHING_ANNOUNCED);

  async function start() {
    setResults([]);
    setAnnounced(NOTHING_ANNOUNCED);
    setRun({ name: 'running', current: null });
    try {
      const { connectionTestAccess: access } = await gqlRequest<{
        connectionTestAccess: { serverUrl: string; tokens: { check: ConnectionCheckName; token: string }[] };
      }>(ACCESS, {}, 'ConnectionTestAccess', { forceLogout: false });
      const { runConnectionChecks } = await import('./run-checks.ts');
      await runConnectionChecks(access, {
        onRunning: (current) => setRun({ name: 'running', current }),
        onResult: (result) => setResults((done) => [...done, result]),
        onAnnounced: setAnnounced,
      });
      setRun({ name: 'done' });
    } catch (error) {
      setRun({
        name: 'refused',
        message:
          error instanceof GraphQLRequestError
            ? error.message
            : 'Le test n’a pas pu se lancer : vérifiez votre connexion à Internet, puis réessayez.',
      });
    }
  }

  const facts = { signalling, announced };
  const verdict = run.name === 'done' ? verdictOf(results) : null;
  const itText = itRequestText({
    testUrl,
    signalling,
    announced,
    results: run.name === 'done' ? results : [],
  });
  const showRequest = run.name !== 'done' || networkFailed(results);
  return (
    <div className="flex flex-col gap-6">
      {hydrated && (
        <div className="flex flex-wrap items-center gap-4">
          <Button
            color="purple"
            onClick={start}
            loading={run.name === 'running'}
            disabled={run.name === 'running'}
          >
            {run.name === 'idle' ? 'Lancer le test' : 'Relancer le test'}
          </Button>
          <p role="status" className="font-medium">
            {run.name === 'running' &&
              (run.current
                ? `Test en cours : ${CHECK_TITLES[run.current].toLowerCase()}…`
                : 'Préparation du test…')}
            {run.name === 'done' && 'Test terminé.'}
          </p>
        </div>
      )}
      {run.name === 'refused' && (
        <p role="alert" className="rounded-2xl border-2 border-error-text bg-error-light p-4 font-medium">
          {run.message}
        </p>
      )}
      {verdict && (
        <p
          className={`rounded-2xl p-4 text-lg font-bold ${verdict.ready ? 'bg-green-light text-green-text' : 'border-2 border-error-text bg-error-light'}`}
        >
          {verdict.sentence}
        </p>
      )}
      {results.length > 0 && (
        <section aria-labelledby="resultats" className="flex flex-col gap-3 rounded-2xl bg-white p-6">
          <h2 id="resultats">Résultats</h2>
          <ul className="flex flex-col gap-3">
            {CONNECTION_CHECKS.map((check) => {
              const result = results.find((done) => done.check === check);
              if (!result) return null;
              return (
                <li key={check} data-check={check} data-outcome={result.outcome} className="flex gap-3">
                  <span aria-hidden="true" className="w-5 shrink-0 text-center font-bold">
                    {MARK[result.outcome]}
                  </span>
                  <span>
                    <strong>
                      {CHECK_TITLES[check]} : {MARK_LABEL[result.outcome].toLowerCase()}.
                    </strong>{' '}
                    {resultSentence(result, facts)}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {showRequest && (
        <section
          aria-labelledby="service-informatique"
          className="flex flex-col gap-3 rounded-2xl bg-white p-6"
        >
          <h2 id="service-informatique">Pour votre service informatique</h2>
          <p>
            {run.name === 'done'
              ? 'Votre réseau bloque une partie de la visioconférence. Transmettez ce message au service informatique de votre établissement ou de votre entreprise : il dit quoi ouvrir.'
              : 'Si le test montre un blocage, transmettez ce message au service informatique de votre établissement ou de votre entreprise : il dit quoi ouvrir. Après le test, il indique aussi les ports que le serveur annonce.'}
          </p>
          <SnippetField
            id="demande-informatique"
            label="Message pour le service informatique"
            hint="Sélectionnez le texte pour le copier, ou envoyez-le par e-mail."
            code={itText}
            rows={14}
          />
          <p>
            <a className="link font-semibold" href={itRequestMailto(itText)}>
              Envoyer par e-mail
            </a>
          </p>
        </section>
      )}
    </div>
  );
}

import { useData } from 'vike-react/useData';
import { formatFileSize } from '../../../common/documents.ts';
import { formatCount, plural } from '../../../common/format.ts';
import { Button } from '../../../islands/ui/Button.tsx';
import { AdminPage, DataTable, Facts, shortDateTime } from '../parts.tsx';
import type { Data } from './+data.ts';

/** « il y a 3 minutes », « il y a 2 heures » from the page's now. */
function ago(at: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - at.getTime()) / 60_000));
  if (minutes < 60) return minutes === 0 ? 'à l’instant' : `il y a ${plural(minutes, 'minute')}`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `il y a ${plural(hours, 'heure')}` : `il y a ${plural(Math.floor(hours / 24), 'jour')}`;
}

const topicLabel = (topic: string) => (topic === 'mail' ? 'E-mails' : topic);

const OUTCOMES = { ok: 'Réussie', failed: 'Échouée', running: 'En cours ou interrompue' } as const;

function Answer({ ok, absent }: { ok: boolean | null; absent: string }) {
  if (ok === null) return <>{absent}</>;
  return ok ? <>Répond</> : <strong className="text-error-text">Ne répond pas</strong>;
}

export default function Page() {
  const { backlog, failed, jobs, databaseBytes, mailTransportOk, videoServerOk, now, retried } =
    useData<Data>();
  return (
    <AdminPage title="Opérations" section="/admin/operations">
      <p>
        Ce que la plateforme fait en arrière-plan : les envois en attente, ceux qui ont échoué, les tâches
        planifiées et les services extérieurs. Le guide d’exploitation (docs/operations.md) dit que faire pour
        chaque alerte.
      </p>
      {retried !== null && (
        <p role="status" className="rounded-xl bg-green-light p-4 font-semibold">
          L’envoi n° {retried} est remis dans la file : il part au prochain passage, dans la minute.
        </p>
      )}

      <section aria-labelledby="services" className="flex flex-col gap-3">
        <h2 id="services">Services</h2>
        <Facts
          rows={[
            [
              'Base de données',
              databaseBytes === null ? 'Taille non connue (Turso)' : formatFileSize(databaseBytes),
            ],
            [
              'Envoi des e-mails',
              <Answer
                key="mail"
                ok={mailTransportOk}
                absent="Non configuré : les e-mails attendent dans la file"
              />,
            ],
            ['Serveur vidéo', <Answer key="video" ok={videoServerOk} absent="Non configuré" />],
          ]}
        />
      </section>

      <section aria-labelledby="backlog" className="flex flex-col gap-3">
        <h2 id="backlog">En attente</h2>
        {backlog.length === 0 ? (
          <p>Rien n’attend : tout a été remis.</p>
        ) : (
          <DataTable
            caption="Envois en attente par sujet"
            headers={['Sujet', 'En attente', 'Le plus ancien']}
          >
            {backlog.map((topic) => (
              <tr key={topic.topic}>
                <th scope="row" className="font-normal">
                  {topicLabel(topic.topic)}
                </th>
                <td>{formatCount(topic.pending)}</td>
                <td>
                  {topic.oldestPendingAt && (
                    <time dateTime={topic.oldestPendingAt.toISOString()}>
                      {shortDateTime(topic.oldestPendingAt)} ({ago(topic.oldestPendingAt, now)})
                    </time>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      <section aria-labelledby="failed" className="flex flex-col gap-3">
        <h2 id="failed">Envois mis de côté</h2>
        {failed.length === 0 ? (
          <p>Aucun envoi mis de côté.</p>
        ) : (
          <>
            <p>
              Après leurs derniers essais, ces envois attendent qu’on les relance : corrigez d’abord la cause
              (l’erreur dit laquelle).
            </p>
            <DataTable
              caption="Envois mis de côté, les plus récents d’abord"
              headers={['Dernier essai', 'Sujet', 'Pour', 'Erreur', 'Essais', 'Action']}
            >
              {failed.map((row) => (
                <tr key={row.id} id={`envoi-${row.id}`}>
                  <th scope="row" className="whitespace-nowrap font-normal">
                    {row.lastAttemptAt ? (
                      <time dateTime={row.lastAttemptAt.toISOString()}>
                        {shortDateTime(row.lastAttemptAt)}
                      </time>
                    ) : (
                      '—'
                    )}
                  </th>
                  <td>{topicLabel(row.topic)}</td>
                  <td className="break-words">{row.subscriber ?? row.about ?? '—'}</td>
                  <td className="break-words font-mono text-xs">{row.error}</td>
                  <td>{formatCount(row.attempts)}</td>
                  <td>
                    <form method="post">
                      <input type="hidden" name="intent" value="retry" />
                      <input type="hidden" name="id" value={row.id} />
                      <Button type="submit" variant="outline">
                        Relancer<span className="sr-only"> l’envoi n° {row.id}</span>
                      </Button>
                    </form>
                  </td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
      </section>

      <section aria-labelledby="jobs" className="flex flex-col gap-3">
        <h2 id="jobs">Tâches planifiées</h2>
        <DataTable
          caption="Tâches planifiées"
          headers={['Tâche', 'Dernier passage', 'Résultat', 'Prochain passage']}
        >
          {jobs.map((job) => (
            <tr key={job.name}>
              <th scope="row" className="font-normal">
                <code>{job.name}</code>
              </th>
              <td>
                {job.lastRunAt ? (
                  <time dateTime={job.lastRunAt.toISOString()}>{shortDateTime(job.lastRunAt)}</time>
                ) : (
                  'Jamais lancée'
                )}
              </td>
              <td className="break-words">
                {job.lastOutcome === null ? '—' : OUTCOMES[job.lastOutcome]}
                {job.lastError && <span className="block font-mono text-xs">{job.lastError}</span>}
              </td>
              <td>
                {job.nextRunAt && (
                  <time dateTime={job.nextRunAt.toISOString()}>{shortDateTime(job.nextRunAt)}</time>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
    </AdminPage>
  );
}

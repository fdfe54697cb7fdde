import { useData } from 'vike-react/useData';
import { plural } from '../../common/format.ts';
import { Button } from '../../islands/ui/Button.tsx';
import { TextField } from '../../islands/ui/TextField.tsx';
import type { Data } from './+data.ts';
import type { FaqGroup } from './faq-filter.ts';

/** The FAQ: HTML only, searched through a GET form filtered on the server (issue 22: no script to ship). */
export default function Page() {
  const { groups, titled, search, total, shownCount, everyAudience } = useData<Data>();
  return (
    <div className="page flex max-w-3xl flex-col gap-6">
      <h1>Questions fréquentes</h1>
      {everyAudience && (
        <p>
          Vous êtes administrateur : vous voyez les questions de tous les publics, chacun ne lisant que les
          siennes.
        </p>
      )}
      {total === 0 ? (
        <p>La foire aux questions n’est pas disponible pour le moment. Réessayez plus tard.</p>
      ) : (
        <>
          <search>
            <form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <div className="grow">
                <TextField label="Rechercher dans les questions" name="q" defaultValue={search} />
              </div>
              <Button type="submit">Rechercher</Button>
            </form>
          </search>
          <p role="status" className="text-sm text-grey-text">
            {search === '' ? plural(total, 'question') : `${plural(shownCount, 'question')} sur ${total}`}
            {search !== '' && (
              <>
                {' '}
                —{' '}
                <a className="link" href="/faq">
                  voir toutes les questions
                </a>
              </>
            )}
          </p>
          {shownCount === 0 ? (
            <p>Aucune question ne correspond à votre recherche.</p>
          ) : (
            groups.map((group) =>
              titled ? (
                <section key={group.title} className="flex flex-col gap-3">
                  <h2>{group.title}</h2>
                  <Questions entries={group.entries} />
                </section>
              ) : (
                <Questions key={group.title} entries={group.entries} />
              ),
            )
          )}
        </>
      )}
    </div>
  );
}

function Questions({ entries }: { entries: FaqGroup['entries'] }) {
  return (
    <ul className="flex flex-col gap-3">
      {entries.map((entry) => (
        <li key={entry.id}>
          <details className="rounded-lg border border-grey bg-white p-4 open:shadow-sm">
            <summary className="cursor-pointer font-semibold">{entry.question}</summary>
            <p className="mt-3 whitespace-pre-line text-dark">{entry.answer}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}

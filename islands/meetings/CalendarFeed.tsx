import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { MESSAGES } from '../../common/messages.ts';
import { FormAlert, retryMessage } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { controlClassName } from '../ui/Field.tsx';

const CREATE_CALENDAR_FEED = 'mutation CreateCalendarFeed { createCalendarFeed }';
const REVOKE_CALENDAR_FEED = 'mutation RevokeCalendarFeed { revokeCalendarFeed }';

type State = { kind: 'none' } | { kind: 'active' } | { kind: 'created'; url: string };

/** The feed's forms among the page's forms (`action`: create or revoke; pages/layout/calendar-feed-post.ts). */
export const CALENDAR_FEED_INTENT = 'calendarFeed';
/** The section the page comes back to after a plain post. */
const CALENDAR_FEED_ANCHOR = 'abonnement-agenda';
const REVOKED_NOTICE = 'Le lien est révoqué : les agendas abonnés ne reçoivent plus vos rendez-vous.';

/** A create or revoke posted without JavaScript: the URL made (shown once, so never redirected), or why not. */
export interface PlainCalendarFeed {
  url: string | null;
  revoked: boolean;
  alert: string | null;
}

/**
 * The private iCalendar feed a calendar app subscribes to. Only its token's hash is kept, so the URL is
 * shown once, when it is made; making a new one or revoking it stops the previous one. Before the script
 * runs, its buttons are plain forms posted to the page, which answers with the URL made (`plain`).
 */
export function CalendarFeed({
  hasFeed,
  plain = null,
}: {
  hasFeed: boolean;
  plain?: PlainCalendarFeed | null;
}) {
  const headingId = useId();
  const urlId = useId();
  const [state, setState] = useState<State>(
    plain?.url ? { kind: 'created', url: plain.url } : hasFeed ? { kind: 'active' } : { kind: 'none' },
  );
  const [pending, setPending] = useState<'create' | 'revoke' | null>(null);
  const [alert, setAlert] = useState<string | null>(plain?.alert ?? null);
  const [notice, setNotice] = useState<string | null>(plain?.revoked ? REVOKED_NOTICE : null);
  const urlRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state.kind === 'created') urlRef.current?.focus();
  }, [state]);

  async function run(event: FormEvent, kind: 'create' | 'revoke') {
    event.preventDefault();
    setAlert(null);
    setNotice(null);
    setPending(kind);
    try {
      if (kind === 'create') {
        const data = await gqlRequest<{ createCalendarFeed: string }>(
          CREATE_CALENDAR_FEED,
          {},
          'CreateCalendarFeed',
        );
        setState({ kind: 'created', url: data.createCalendarFeed });
      } else {
        await gqlRequest(REVOKE_CALENDAR_FEED, {}, 'RevokeCalendarFeed');
        setState({ kind: 'none' });
        setNotice(REVOKED_NOTICE);
      }
    } catch (error) {
      setAlert(error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError);
    } finally {
      setPending(null);
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setNotice('Lien copié.');
    } catch {
      urlRef.current?.select();
      setNotice('Le lien est sélectionné : copiez-le avec Ctrl+C (ou Cmd+C).');
    }
  }

  return (
    <section
      id={CALENDAR_FEED_ANCHOR}
      aria-labelledby={headingId}
      className="flex scroll-mt-24 flex-col gap-4 rounded-2xl bg-white p-6"
    >
      <h2 id={headingId}>Abonnement à mon agenda</h2>
      <p>
        Abonnez votre agenda (Google Agenda, Outlook, Agenda d’Apple…) à vos rendez-vous : ils s’y ajoutent et
        s’y mettent à jour d’eux-mêmes.
      </p>
      <FormAlert message={alert} />
      {state.kind === 'created' && (
        <div className="flex flex-col gap-3">
          <label htmlFor={urlId} className="font-semibold">
            Votre lien privé d’abonnement
          </label>
          <p id={`${urlId}-hint`} className="text-sm text-grey-text">
            Il n’est affiché qu’une fois : copiez-le dans votre agenda maintenant. Toute personne qui le
            connaît voit vos rendez-vous.
          </p>
          <div className="flex flex-wrap gap-3">
            <input
              ref={urlRef}
              id={urlId}
              type="text"
              readOnly
              value={state.url}
              aria-describedby={`${urlId}-hint`}
              onFocus={(event) => event.currentTarget.select()}
              className={controlClassName(false, 'min-w-0 flex-1 font-mono text-sm')}
            />
            <Button onClick={() => copy(state.url)}>Copier le lien</Button>
          </div>
        </div>
      )}
      {state.kind === 'active' && (
        <p>
          Votre lien d’abonnement est actif. Pour des raisons de sécurité, il n’est plus affiché : créez-en un
          nouveau si vous l’avez perdu (l’ancien cessera de fonctionner).
        </p>
      )}
      <p role="status" className={notice ? 'font-medium text-green-text' : 'sr-only'}>
        {notice}
      </p>
      <div className="flex flex-wrap gap-3">
        <FeedForm action="create" onSubmit={run}>
          <Button
            type="submit"
            variant={state.kind === 'none' ? 'default' : 'outline'}
            loading={pending === 'create'}
            disabled={pending === 'revoke'}
          >
            {state.kind === 'none' ? 'Créer mon lien d’abonnement' : 'Créer un nouveau lien'}
          </Button>
        </FeedForm>
        {state.kind !== 'none' && (
          <FeedForm action="revoke" onSubmit={run}>
            <Button
              type="submit"
              color="error"
              variant="outline"
              loading={pending === 'revoke'}
              disabled={pending === 'create'}
            >
              Révoquer le lien
            </Button>
          </FeedForm>
        )}
      </div>
    </section>
  );
}

/** One of the feed's buttons as a plain form posted to the page, back at the feed's section. */
function FeedForm({
  action,
  onSubmit,
  children,
}: {
  action: 'create' | 'revoke';
  onSubmit: (event: FormEvent, action: 'create' | 'revoke') => void;
  children: ReactNode;
}) {
  return (
    <form method="post" action={`#${CALENDAR_FEED_ANCHOR}`} onSubmit={(event) => onSubmit(event, action)}>
      <input type="hidden" name="intent" value={CALENDAR_FEED_INTENT} />
      <input type="hidden" name="action" value={action} />
      {children}
    </form>
  );
}

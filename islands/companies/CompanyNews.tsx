import { type FormEvent, type MouseEvent, useRef, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import { newsInputSchema } from '../../common/content.ts';
import { frenchDateFormat, MAINLAND_TIME_ZONE } from '../../common/format.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { TEXT_MAX } from '../../common/text.ts';
import { utcToZonedWallClock } from '../../common/time.ts';
import { FormAlert, hasFieldErrors, retryMessage } from '../accounts/FormAlert.tsx';
import { TextArea } from '../accounts/profile/ProfileBlock.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { AskPageForm } from '../ui/AskPageForm.tsx';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { TextField } from '../ui/TextField.tsx';
import { toast } from '../ui/toast-store.ts';
import { ConfirmRemoval, RemoveButton } from './RemoveAsksFirst.tsx';

/** A news item as the block lists it; `publishedAt` an ISO instant. */
interface NewsItemData {
  id: string;
  title: string;
  summary: string | null;
  body: string;
  publishedAt: string;
}

/** The block's forms among the page's others (pages/my-company/news-post.ts). */
export const NEWS_SAVE_INTENT = 'saveNews';
export const NEWS_REMOVE_INTENT = 'removeNews';
/** `?modifier=<news>`: the page shows the form filled with that item. */
export const NEWS_EDIT_PARAM = 'modifier';
/** `?actualite=`: what the page says was just done. */
export const NEWS_DONE = { published: 'publiee', changed: 'modifiee', removed: 'supprimee' } as const;
const DONE_NOTICES = {
  publiee: 'Actualité publiée',
  modifiee: 'Actualité modifiée',
  supprimee: 'Actualité supprimée',
} as const;
const SECTION_ID = 'actualites';

/** What the page knows of the block's plain forms (no JavaScript): done, refused, asked, or a removal to confirm. */
export interface PlainNews {
  done: (typeof NEWS_DONE)[keyof typeof NEWS_DONE] | null;
  /** The item the form is filled with (asked by « Modifier », or its refused change). */
  editing: string | null;
  /** A refused post: what was typed, the messages. */
  posted: { values: Record<string, string>; errors: Record<string, string>; alert: string | null } | null;
  /** The item whose removal asks first (decision 0082), or whose removal was refused. */
  removing: { id: string; alert: string | null } | null;
}

interface CompanyNewsProps {
  news: NewsItemData[];
  /** Today in mainland France (YYYY-MM-DD), the form's default publication day. */
  today: string;
  /** The page the block's forms post to before or without JavaScript, and what it says of them. */
  pageUrl?: string;
  plain?: PlainNews | null;
}

const FIELDS = 'id title summary body publishedAt';
const CREATE = `mutation CreateCompanyNews($input: CompanyNewsInput!) { createCompanyNews(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation UpdateCompanyNews($id: ID!, $input: CompanyNewsInput!) { updateCompanyNews(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = 'mutation DeleteCompanyNews($id: ID!) { deleteCompanyNews(id: $id) }';

const dayFormat = frenchDateFormat({ dateStyle: 'long', timeZone: MAINLAND_TIME_ZONE });
const dayOf = (instant: string) => utcToZonedWallClock(new Date(instant), MAINLAND_TIME_ZONE).date;

interface Draft {
  title: string;
  summary: string;
  body: string;
  publishedOn: string;
}

const byPublication = (a: NewsItemData, b: NewsItemData) => b.publishedAt.localeCompare(a.publishedAt);

const draftOf = (item: NewsItemData): Draft => ({
  title: item.title,
  summary: item.summary ?? '',
  body: item.body,
  publishedOn: dayOf(item.publishedAt),
});

/**
 * The company profile's news block (PRODUCT.md, Accounts): the company's news items, each with its day
 * (a later day schedules it), a link to where it is read, edit and delete; and the form that writes one.
 */
export function CompanyNews({ news: initial, today, pageUrl, plain = null }: CompanyNewsProps) {
  const empty: Draft = { title: '', summary: '', body: '', publishedOn: today };
  const edited = initial.find((item) => item.id === plain?.editing) ?? null;
  const [news, setNews] = useState(initial);
  const [draft, setDraft] = useState<Draft>(() => ({
    ...(edited ? draftOf(edited) : empty),
    ...(plain?.posted?.values as Partial<Draft> | undefined),
  }));
  const [editing, setEditing] = useState<string | null>(edited?.id ?? null);
  const [errors, setErrors] = useState<Record<string, string>>(plain?.posted?.errors ?? {});
  const [alert, setAlert] = useState<string | null>(plain?.posted?.alert ?? null);
  const [pending, setPending] = useState(false);
  const [removing, setRemoving] = useState<NewsItemData | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);

  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const removalOf = (id: string) => ({
    intent: NEWS_REMOVE_INTENT,
    id,
    action: pageUrl ? `${pageUrl}#${SECTION_ID}` : undefined,
  });

  function edit(item: NewsItemData) {
    setEditing(item.id);
    setDraft(draftOf(item));
    setErrors({});
    formHeading.current?.focus();
  }

  function reset() {
    setEditing(null);
    setDraft(empty);
    setErrors({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setAlert(null);
    const parsed = newsInputSchema.safeParse(draft);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setPending(true);
    try {
      if (editing) {
        const { updateCompanyNews: saved } = await gqlRequest<{ updateCompanyNews: NewsItemData }>(
          UPDATE,
          { id: editing, input: parsed.data },
          'UpdateCompanyNews',
        );
        setNews((list) => list.map((item) => (item.id === saved.id ? saved : item)).sort(byPublication));
      } else {
        const { createCompanyNews: saved } = await gqlRequest<{ createCompanyNews: NewsItemData }>(
          CREATE,
          { input: parsed.data },
          'CreateCompanyNews',
        );
        setNews((list) => [saved, ...list].sort(byPublication));
      }
      toast.success(editing ? 'Actualité modifiée' : 'Actualité publiée');
      reset();
    } catch (error) {
      if (error instanceof GraphQLRequestError && hasFieldErrors(error)) setErrors(error.fields);
      else setAlert(error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError);
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby={SECTION_ID} className="flex flex-col gap-5 rounded-xl bg-white p-6">
      <h2 id={SECTION_ID} className="scroll-mt-24">
        Actualités
      </h2>
      <p className="text-sm text-grey-text">
        Journées portes ouvertes, nouvelles lignes, recrutements d’apprentis… Elles paraissent sur la page de
        votre entreprise le jour choisi.
      </p>
      {plain?.done && (
        <p role="status" className="rounded-lg bg-green-light p-3 font-semibold text-green-text">
          {DONE_NOTICES[plain.done]}
        </p>
      )}
      {news.length === 0 ? (
        <p>Aucune actualité pour le moment.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-labelledby="actualites">
          {news.map((item) => {
            const scheduled = dayOf(item.publishedAt) > today;
            return (
              <li
                key={item.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-grey p-4"
              >
                <div className="flex min-w-0 flex-col">
                  <span className="font-semibold break-words">{item.title}</span>
                  <span className="text-sm text-grey-text">
                    {scheduled ? 'Programmée le ' : 'Publiée le '}
                    {dayFormat.format(new Date(item.publishedAt))}
                  </span>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button href={ROUTES.article(item.id)} size="m" variant="outline" color="plainPurple">
                    {scheduled ? 'Aperçu' : 'Voir'}
                    <span className="sr-only"> « {item.title} »</span>
                  </Button>
                  <AskPageForm
                    pageUrl={pageUrl}
                    ask={[NEWS_EDIT_PARAM, item.id]}
                    fragment="actualite-formulaire"
                    onOpen={() => edit(item)}
                  >
                    <Button type="submit" size="m" variant="outline" color="black">
                      Modifier<span className="sr-only"> « {item.title} »</span>
                    </Button>
                  </AskPageForm>
                  <RemoveButton removal={removalOf(item.id)} onAsk={() => setRemoving(item)}>
                    Supprimer<span className="sr-only"> « {item.title} »</span>
                  </RemoveButton>
                </div>
                {plain?.removing?.id === item.id && pageUrl && (
                  <ConfirmRemoval
                    removal={removalOf(item.id)}
                    title="Supprimer cette actualité ?"
                    confirmLabel="Supprimer l’actualité"
                    pageUrl={pageUrl}
                    alert={plain.removing.alert}
                  >
                    <p>L’actualité « {item.title} » sera retirée de la page de votre entreprise.</p>
                  </ConfirmRemoval>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <form
        method="post"
        action={pageUrl ? `${pageUrl}#${SECTION_ID}` : undefined}
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-5 border-t border-grey pt-5"
      >
        <input type="hidden" name="intent" value={NEWS_SAVE_INTENT} />
        {editing && <input type="hidden" name="id" value={editing} />}
        <h3
          id="actualite-formulaire"
          ref={formHeading}
          tabIndex={-1}
          className="scroll-mt-24 text-lg font-bold focus:outline-hidden"
        >
          {editing ? 'Modifier l’actualité' : 'Publier une actualité'}
        </h3>
        <FormAlert message={alert} />
        <TextField
          label="Titre"
          name="title"
          required
          hint={`${TEXT_MAX.newsTitle} caractères au maximum.`}
          value={draft.title}
          error={errors.title}
          onChange={(event) => set({ title: event.currentTarget.value })}
        />
        <TextField
          label="Résumé"
          name="summary"
          hint={`Une phrase, affichée sous le titre. ${TEXT_MAX.newsSummary} caractères au maximum.`}
          value={draft.summary}
          error={errors.summary}
          onChange={(event) => set({ summary: event.currentTarget.value })}
        />
        <TextArea
          label="Texte"
          name="body"
          required
          hint={`Séparez les paragraphes par une ligne vide. ${TEXT_MAX.newsBody} caractères au maximum.`}
          value={draft.body}
          error={errors.body}
          onChange={(body) => set({ body })}
        />
        <TextField
          label="Date de publication"
          name="publishedOn"
          type="date"
          required
          hint="Une date à venir programme l’actualité."
          value={draft.publishedOn}
          error={errors.publishedOn}
          onChange={(event) => set({ publishedOn: event.currentTarget.value })}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={pending}>
            {editing ? 'Enregistrer l’actualité' : 'Publier l’actualité'}
          </Button>
          {editing && (
            <Button
              href={pageUrl ?? ''}
              variant="outline"
              color="black"
              disabled={pending}
              onClick={(event: MouseEvent) => {
                event.preventDefault();
                reset();
              }}
            >
              Annuler la modification
            </Button>
          )}
        </div>
      </form>
      <RemoveDialog
        item={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(id) => {
          setNews((list) => list.filter((item) => item.id !== id));
          if (editing === id) reset();
          setRemoving(null);
          formHeading.current?.focus();
        }}
      />
    </section>
  );
}

function RemoveDialog({
  item,
  onClose,
  onRemoved,
}: {
  item: NewsItemData | null;
  onClose: () => void;
  onRemoved: (id: string) => void;
}) {
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  async function confirm() {
    if (!item) return;
    setAlert(null);
    setPending(true);
    try {
      await gqlRequest(DELETE, { id: item.id }, 'DeleteCompanyNews');
      onRemoved(item.id);
      toast.success('Actualité supprimée');
    } catch (error) {
      setAlert(error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError);
    } finally {
      setPending(false);
    }
  }

  const close = () => {
    if (pending) return;
    setAlert(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open={item !== null}
      title="Supprimer cette actualité ?"
      confirmLabel="Supprimer l’actualité"
      pending={pending}
      onCancel={close}
      onConfirm={confirm}
    >
      <div className="flex flex-col gap-3">
        <FormAlert message={alert} />
        <p>L’actualité « {item?.title} » sera retirée de la page de votre entreprise.</p>
      </div>
    </ConfirmDialog>
  );
}

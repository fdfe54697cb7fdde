import { type FormEvent, lazy, Suspense, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import { MESSAGES } from '../../common/messages.ts';
import {
  type ArticleForAdmin,
  articleInputSchema,
  formatArticleDate,
} from '../../common/platform-content.ts';
import { ROUTES } from '../../common/routes.ts';
import { hasFieldErrors, retryMessage } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { CheckboxField } from '../ui/ChoiceGroup.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../ui/Field.tsx';
import { TextField } from '../ui/TextField.tsx';
import { toast } from '../ui/toast-store.ts';
import { CancelEditor, EditorForm, ItemActions, OpenEditorForm } from './ContentForms.tsx';
import { type PlainPost, plainPostFor } from './plain-post.ts';
import { type Editing as ContentEditing, OPENED_BY_PAGE, useContentList } from './useContentList.ts';

// The parser comes with the editor, not with the page: most visits to the content screen never open it.
const Markdown = lazy(() => import('../ui/Markdown.tsx').then((module) => ({ default: module.Markdown })));

const UPSERT_ARTICLE = `mutation UpsertArticle($input: ArticleInput!) {
  upsertArticle(input: $input) { id title summary body publishedAt updatedAt }
}`;
const DELETE_ARTICLE = 'mutation DeleteArticle($id: ID!) { deleteArticle(id: $id) }';

interface SavedArticle {
  id: string;
  title: string;
  summary: string | null;
  body: string;
  publishedAt: string | null;
  updatedAt: string;
}

interface Values {
  title: string;
  summary: string;
  body: string;
  published: boolean;
}

type Editing = ContentEditing<Values>;

const BLANK: Values = { title: '', summary: '', body: '', published: false };

const forAdmin = (article: SavedArticle): ArticleForAdmin => ({
  id: article.id,
  title: article.title,
  summary: article.summary,
  body: article.body,
  published: article.publishedAt !== null,
  updatedAt: article.updatedAt,
  updatedOn: formatArticleDate(article.updatedAt),
});

/** The intents of the articles' plain forms (pages/admin/content/+data.ts). */
export const ARTICLE_INTENTS = { save: 'article', delete: 'article-delete' } as const;

/** `?article=` for a new article; an article's id opens that article. */
export const NEW_ARTICLE = 'nouvel';

/** The editor's id, where the page opens it. */
const EDITOR_ID = 'article';

/** What the articles' changes say: a toast, or the page's notice after a plain post. */
export const ARTICLE_SAID = {
  published: 'L’article est publié.',
  drafted: 'Le brouillon est enregistré.',
  deleted: 'L’article est supprimé.',
  alreadyDeleted: 'Cet article avait déjà été supprimé.',
  gone: 'Cet article a été supprimé entre-temps par un autre administrateur. Votre texte est conservé : enregistrez-le pour le recréer.',
} as const;

const valuesOf = (article: ArticleForAdmin): Values => ({
  title: article.title,
  summary: article.summary ?? '',
  body: article.body,
  published: article.published,
});

/**
 * The editor the page opens: the article of `?article=` (or a new one), or the form its plain post refused,
 * with what was typed and the messages.
 */
function openedByPage(
  articles: ArticleForAdmin[],
  open: string | null,
  plain: PlainPost | null,
): Editing | null {
  const posted = plainPostFor(plain, ARTICLE_INTENTS.save);
  if (posted) {
    const { id, title = '', summary = '', body = '', published } = posted.values;
    return {
      session: OPENED_BY_PAGE,
      id: id || null,
      values: { title, summary, body, published: published !== undefined },
      posted: { errors: posted.errors, alert: posted.alert },
    };
  }
  if (open === NEW_ARTICLE) return { session: OPENED_BY_PAGE, id: null, values: BLANK };
  const article = articles.find((a) => a.id === open);
  return article ? { session: OPENED_BY_PAGE, id: article.id, values: valuesOf(article) } : null;
}

/**
 * The platform's articles on the content screen: each with its state and last change, written in Markdown
 * beside a preview of what readers will see, published or kept as a draft, deleted after a confirmation.
 * An error keeps the editor open with what was typed, and says what is wrong under the field. Before the
 * script runs (or without it) every button is a plain form (docs/decisions/0089): « Nouvel article » and
 * « Modifier » ask the page for the editor (`open`, a GET), which posts to the page; « Supprimer » posts to
 * the page, which asks the confirmation as a step (`plain`).
 */
export function ArticleEditor({
  articles: initial,
  open = null,
  plain = null,
}: {
  articles: ArticleForAdmin[];
  open?: string | null;
  plain?: PlainPost | null;
}) {
  const list = useContentList<ArticleForAdmin, Values, HTMLUListElement>(
    initial,
    {
      mutation: DELETE_ARTICLE,
      operationName: 'DeleteArticle',
      deleted: ARTICLE_SAID.deleted,
      alreadyDeleted: ARTICLE_SAID.alreadyDeleted,
    },
    openedByPage(initial, open, plain),
  );
  const {
    items: articles,
    editing,
    deleting,
    setDeleting,
    deletePending,
    listRef,
    headingRef,
    headingId,
  } = list;
  const { edit, gone, remove } = list;

  function close() {
    const id = editing?.id;
    list.setEditing(null);
    list.setFocusAfter(id ?? 'heading');
  }

  function saved(article: ArticleForAdmin) {
    list.setItems((items) =>
      items.some((a) => a.id === article.id)
        ? items.map((a) => (a.id === article.id ? article : a))
        : [article, ...items],
    );
    list.closeOn(article.id);
    toast.success(article.published ? ARTICLE_SAID.published : ARTICLE_SAID.drafted);
  }

  return (
    <section id="articles" aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
        Articles
      </h2>
      <p>
        Un article publié se lit à son adresse, et les trois derniers sont présentés sur les pages d’accueil.
        Un brouillon n’est visible que des administrateurs nationaux.
      </p>
      {editing ? (
        <ArticleForm key={editing.session} editing={editing} onCancel={close} onSaved={saved} onGone={gone} />
      ) : (
        <OpenEditorForm
          name="article"
          value={NEW_ARTICLE}
          anchor={EDITOR_ID}
          onOpen={() => edit(null, BLANK)}
        >
          <Button type="submit">Nouvel article</Button>
        </OpenEditorForm>
      )}
      {articles.length === 0 ? (
        <p className="text-grey-text">Aucun article pour l’instant.</p>
      ) : (
        <ul ref={listRef} className="flex flex-col gap-3">
          {articles.map((article) => (
            <li
              key={article.id}
              id={`article-${article.id}`}
              className="flex scroll-mt-24 flex-col gap-2 rounded-xl bg-white p-4"
            >
              <h3 className="text-lg font-bold">{article.title}</h3>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span
                  className={
                    article.published
                      ? 'rounded-full bg-green-light px-3 py-0.5 font-semibold text-green-text'
                      : 'rounded-full bg-yellow-light px-3 py-0.5 font-semibold text-yellow-text'
                  }
                >
                  {article.published ? 'Publié' : 'Brouillon'}
                </span>
                <span className="text-grey-text">
                  Modifié le <time dateTime={article.updatedAt}>{article.updatedOn}</time>
                </span>
              </p>
              <ItemActions
                param="article"
                id={article.id}
                named={`l’article « ${article.title} »`}
                editorId={EDITOR_ID}
                deleteIntent={ARTICLE_INTENTS.delete}
                asked={plainPostFor(plain, ARTICLE_INTENTS.delete, article.id)}
                step={{ ...DELETE_WORDS, level: 4, what: <DeleteWhat article={article} /> }}
                disabled={editing !== null}
                onEdit={() => edit(article.id, valuesOf(article))}
                onDelete={() => setDeleting(article)}
              >
                <a className="link px-2 text-sm font-semibold" href={ROUTES.article(article.id)}>
                  {article.published ? 'Voir l’article' : 'Voir le brouillon'}
                  <span className="sr-only"> « {article.title} »</span>
                </a>
              </ItemActions>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={DELETE_WORDS.title}
        confirmLabel={DELETE_WORDS.confirm}
        pending={deletePending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove(deleting)}
      >
        {deleting && <DeleteWhat article={deleting} />}
      </ConfirmDialog>
    </section>
  );
}

const DELETE_WORDS = { title: 'Supprimer cet article ?', confirm: 'Supprimer l’article' } as const;

function DeleteWhat({ article }: { article: ArticleForAdmin }) {
  return (
    <>
      <p className="font-semibold">« {article.title} »</p>
      <p className="mt-2">
        {article.published
          ? 'Il disparaît du site : son adresse ne mènera plus nulle part.'
          : 'Le brouillon est effacé.'}
      </p>
    </>
  );
}

function ArticleForm({
  editing,
  onCancel,
  onSaved,
  onGone,
}: {
  editing: Editing;
  onCancel: () => void;
  onSaved: (article: ArticleForAdmin) => void;
  onGone: (id: string) => void;
}) {
  const [values, setValues] = useState<Values>(editing.values);
  const [errors, setErrors] = useState<Record<string, string>>(editing.posted?.errors ?? {});
  const [alert, setAlert] = useState<string | null>(editing.posted?.alert ?? null);
  const [pending, setPending] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const previewId = useId();
  const summaryIds = useFieldIds();
  const bodyIds = useFieldIds();
  const preview = useDeferredValue(values.body);
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  const { id } = editing;

  // Opened by the page, the form is plain until hydrated: no preview, and a button that names no state.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    headingRef.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = articleInputSchema.safeParse({ id, ...values });
    setAlert(null);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setPending(true);
    try {
      const { upsertArticle } = await gqlRequest<{ upsertArticle: SavedArticle }>(
        UPSERT_ARTICLE,
        { input: { ...parsed.data, id, summary: parsed.data.summary ?? null } },
        'UpsertArticle',
      );
      onSaved(forAdmin(upsertArticle));
    } catch (error) {
      setPending(false);
      if (!(error instanceof GraphQLRequestError)) return setAlert(MESSAGES.genericError);
      if (hasFieldErrors(error)) return setErrors(error.fields);
      if (error.code === 'NOT_FOUND' && id !== null) {
        onGone(id);
        return setAlert(ARTICLE_SAID.gone);
      }
      setAlert(retryMessage(error));
    }
  }

  return (
    <section
      id={EDITOR_ID}
      aria-labelledby={headingId}
      className="flex scroll-mt-24 flex-col gap-4 rounded-2xl border border-grey bg-white p-4 sm:p-6"
    >
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-bold">
        {id === null ? 'Nouvel article' : `Modifier l’article « ${editing.values.title} »`}
      </h3>
      <EditorForm
        anchor={EDITOR_ID}
        intent={ARTICLE_INTENTS.save}
        itemId={id}
        alert={alert}
        onSubmit={submit}
      >
        <TextField
          label="Titre"
          name="title"
          required
          value={values.title}
          error={errors.title}
          onChange={(event) => set({ title: event.currentTarget.value })}
        />
        <Field
          ids={summaryIds}
          label="Résumé"
          error={errors.summary}
          hint="Facultatif : quelques lignes, sous le titre et sur les pages d’accueil."
        >
          <textarea
            id={summaryIds.controlId}
            name="summary"
            rows={2}
            value={values.summary}
            onChange={(event) => set({ summary: event.currentTarget.value })}
            {...describedControlProps(summaryIds, { error: errors.summary, hint: true })}
            className={controlClassName(Boolean(errors.summary), 'h-auto py-3')}
          />
        </Field>
        <div className="grid gap-4 lg:grid-cols-2">
          <Field
            ids={bodyIds}
            label="Texte"
            required
            error={errors.body}
            hint="En Markdown : une ligne vide entre deux paragraphes, # Intertitre, - liste, 1. liste numérotée, *italique*, **gras**, [lien](https://…). Le HTML s’affiche tel quel."
          >
            <textarea
              id={bodyIds.controlId}
              name="body"
              rows={16}
              required
              value={values.body}
              onChange={(event) => set({ body: event.currentTarget.value })}
              {...describedControlProps(bodyIds, { error: errors.body, hint: true })}
              className={controlClassName(Boolean(errors.body), 'h-auto min-h-72 py-3 font-mono text-sm')}
            />
          </Field>
          <section aria-labelledby={previewId} className="flex flex-col gap-1">
            <h4 id={previewId} className="font-semibold">
              Aperçu
            </h4>
            <div className="min-h-72 rounded-lg border border-grey bg-grey-light p-4">
              {!hydrated ? (
                <p className="text-grey-text">
                  L’aperçu s’affiche une fois la page entièrement chargée (JavaScript). Sinon, enregistrez le
                  brouillon puis ouvrez « Voir le brouillon ».
                </p>
              ) : preview.trim() === '' ? (
                <p className="text-grey-text">Le texte mis en forme s’affiche ici.</p>
              ) : (
                <Suspense fallback={<p className="text-grey-text">Chargement de l’aperçu…</p>}>
                  <Markdown source={preview} headingLevel={5} />
                </Suspense>
              )}
            </div>
          </section>
        </div>
        <CheckboxField
          name="published"
          label="Publier l’article : décoché, il reste un brouillon que seuls les administrateurs nationaux voient."
          checked={values.published}
          onChange={(published) => set({ published })}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={pending}>
            {!hydrated
              ? 'Enregistrer'
              : values.published
                ? 'Enregistrer et publier'
                : 'Enregistrer le brouillon'}
          </Button>
          <CancelEditor inPlace={editing.session === OPENED_BY_PAGE} disabled={pending} onCancel={onCancel} />
        </div>
      </EditorForm>
    </section>
  );
}

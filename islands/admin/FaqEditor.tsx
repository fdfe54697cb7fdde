import { type FormEvent, useId, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import { FAQ_AUDIENCE_LABELS, FAQ_AUDIENCES, type FaqAudience } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { type FaqEntryForAdmin, faqEntryInputSchema, faqPositionOf } from '../../common/platform-content.ts';
import { hasFieldErrors, retryMessage } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../ui/Field.tsx';
import { TextField } from '../ui/TextField.tsx';
import { toast } from '../ui/toast-store.ts';
import { CancelEditor, EditorForm, ItemActions, OpenEditorForm } from './ContentForms.tsx';
import { type PlainPost, plainPostFor } from './plain-post.ts';
import { type Editing as ContentEditing, OPENED_BY_PAGE, useContentList } from './useContentList.ts';

/** The intents of the FAQ's plain forms (pages/admin/content/+data.ts). */
export const FAQ_INTENTS = { save: 'faq', delete: 'faq-delete' } as const;

/** `?question=` for a new question; an entry's id opens that entry. */
export const NEW_QUESTION = 'nouvelle';

/** The editor's id when the page opens it in place. */
const EDITOR_ID = 'question';

/** What the FAQ's changes say: a toast, or the page's notice after a plain post. */
export const FAQ_SAID = {
  added: (audience: FaqAudience) =>
    `La question est ajoutée pour le public « ${FAQ_AUDIENCE_LABELS[audience]} ».`,
  saved: 'La question est enregistrée.',
  deleted: 'La question est supprimée.',
  alreadyDeleted: 'Cette question avait déjà été supprimée.',
  gone: 'Cette question a été supprimée entre-temps par un autre administrateur. Votre texte est conservé : enregistrez-le pour la recréer.',
} as const;

const UPSERT_FAQ_ENTRY = `mutation UpsertFaqEntry($input: FaqEntryInput!) {
  upsertFaqEntry(input: $input) { id question answer audience position }
}`;
/** An administrator reads every audience's entries. */
const FAQ_ENTRIES = 'query FaqEntries { faqEntries { id question answer audience position } }';
const DELETE_FAQ_ENTRY = 'mutation DeleteFaqEntry($id: ID!) { deleteFaqEntry(id: $id) }';

/** Who reads each audience's questions, said where the administrator chooses it. */
const AUDIENCE_HINTS: Record<FaqAudience, string> = {
  visitor: 'tout le monde, connecté ou non',
  teacher: 'les enseignants connectés',
  company: 'les entreprises connectées',
};

interface Values {
  question: string;
  answer: string;
  audience: FaqAudience;
  /** As typed: empty puts the question at the end of its audience's list. */
  position: string;
}

type Editing = ContentEditing<Values>;

const blank = (audience: FaqAudience): Values => ({ question: '', answer: '', audience, position: '' });

const valuesOf = ({ question, answer, audience, position }: FaqEntryForAdmin): Values => ({
  question,
  answer,
  audience,
  position: String(position),
});

/**
 * The editor the page opens in place: the entry of `?question=` (or a new one), or the form its plain post
 * refused, with what was typed and the messages.
 */
function openedByPage(
  entries: FaqEntryForAdmin[],
  open: string | null,
  plain: PlainPost | null,
): Editing | null {
  const posted = plainPostFor(plain, FAQ_INTENTS.save);
  if (posted) {
    const { id, question = '', answer = '', audience = '', position = '' } = posted.values;
    return {
      session: OPENED_BY_PAGE,
      id: id || null,
      values: {
        question,
        answer,
        audience: FAQ_AUDIENCES.find((known) => known === audience) ?? 'visitor',
        position,
      },
      posted: { errors: posted.errors, alert: posted.alert },
    };
  }
  if (open === NEW_QUESTION) return { session: OPENED_BY_PAGE, id: null, values: blank('visitor') };
  const entry = entries.find((e) => e.id === open);
  return entry ? { session: OPENED_BY_PAGE, id: entry.id, values: valuesOf(entry) } : null;
}

function inOrder(entries: FaqEntryForAdmin[]): FaqEntryForAdmin[] {
  return [...entries].sort((a, b) => a.position - b.position || Number(a.id) - Number(b.id));
}

/**
 * The FAQ on the content screen: the questions of each audience in the order readers see them, each
 * edited in a dialog (question, answer, audience, position) or deleted after a confirmation. An error
 * keeps the dialog open with what was typed, and says what is wrong under the field. Before the script
 * runs (or without it) every button is a plain form (docs/decisions/0089): « Ajouter » and « Modifier » ask
 * the page for the editor (`open`, a GET), which stands in place and posts to the page; « Supprimer » posts
 * to the page, which asks the confirmation as a step (`plain`).
 */
export function FaqEditor({
  entries: initial,
  open = null,
  plain = null,
}: {
  entries: FaqEntryForAdmin[];
  open?: string | null;
  plain?: PlainPost | null;
}) {
  const list = useContentList<FaqEntryForAdmin, Values, HTMLDivElement>(
    initial,
    {
      mutation: DELETE_FAQ_ENTRY,
      operationName: 'DeleteFaqEntry',
      deleted: FAQ_SAID.deleted,
      alreadyDeleted: FAQ_SAID.alreadyDeleted,
    },
    openedByPage(initial, open, plain),
  );
  const { items: entries, editing, setEditing, deleting, setDeleting, deletePending } = list;
  const { edit, gone, remove, listRef, headingRef, headingId } = list;

  function saved(entry: FaqEntryForAdmin, isNew: boolean, placed: boolean) {
    list.setItems((items) => [...items.filter((e) => e.id !== entry.id), entry]);
    if (placed) void refresh();
    list.closeOn(entry.id);
    toast.success(isNew ? FAQ_SAID.added(entry.audience) : FAQ_SAID.saved);
  }

  /** An entry placed where another stood moved the next ones down: the list reads their new positions. */
  async function refresh() {
    try {
      const { faqEntries } = await gqlRequest<{ faqEntries: FaqEntryForAdmin[] }>(
        FAQ_ENTRIES,
        {},
        'FaqEntries',
      );
      list.setItems(faqEntries);
    } catch {
      // The saved entry is in the list already; the others' new positions show on the next visit.
    }
  }

  const editor = editing && (
    <FaqEntryEditor
      key={editing.session}
      editing={editing}
      onClose={() => setEditing(null)}
      onSaved={saved}
      onGone={gone}
    />
  );
  return (
    <section id="questions" aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
        Questions fréquentes
      </h2>
      <p>
        Les questions des visiteurs sont lues par tout le monde ; celles des enseignants et des entreprises,
        par ces publics une fois connectés, en plus de celles des visiteurs. Dans chaque public, les questions
        sont affichées par position croissante.
      </p>
      <OpenEditorForm
        name="question"
        value={NEW_QUESTION}
        anchor={EDITOR_ID}
        onOpen={() => edit(null, blank('visitor'))}
      >
        <Button type="submit">Ajouter une question</Button>
      </OpenEditorForm>
      {editing?.session === OPENED_BY_PAGE && editor}
      <div ref={listRef} className="grid gap-6 lg:grid-cols-3">
        {FAQ_AUDIENCES.map((audience) => (
          <AudienceList
            key={audience}
            audience={audience}
            entries={inOrder(entries.filter((entry) => entry.audience === audience))}
            plain={plain}
            onEdit={(entry) => edit(entry.id, valuesOf(entry))}
            onDelete={setDeleting}
          />
        ))}
      </div>
      {editing?.session !== OPENED_BY_PAGE && editor}
      <ConfirmDialog
        open={deleting !== null}
        title={DELETE_WORDS.title}
        confirmLabel={DELETE_WORDS.confirm}
        pending={deletePending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove(deleting)}
      >
        {deleting && <DeleteWhat entry={deleting} />}
      </ConfirmDialog>
    </section>
  );
}

const DELETE_WORDS = { title: 'Supprimer cette question ?', confirm: 'Supprimer la question' } as const;

function DeleteWhat({ entry }: { entry: FaqEntryForAdmin }) {
  return (
    <>
      <p className="font-semibold">« {entry.question} »</p>
      <p className="mt-2">
        Elle disparaît de la foire aux questions du public « {FAQ_AUDIENCE_LABELS[entry.audience]} ».
      </p>
    </>
  );
}

function AudienceList({
  audience,
  entries,
  plain,
  onEdit,
  onDelete,
}: {
  audience: FaqAudience;
  entries: FaqEntryForAdmin[];
  plain: PlainPost | null;
  onEdit: (entry: FaqEntryForAdmin) => void;
  onDelete: (entry: FaqEntryForAdmin) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-xl font-bold">
        {FAQ_AUDIENCE_LABELS[audience]} <span className="font-normal text-grey-text">({entries.length})</span>
      </h3>
      {entries.length === 0 ? (
        <p className="text-grey-text">Aucune question pour ce public.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {entries.map((entry) => (
            <li
              key={entry.id}
              id={`question-${entry.id}`}
              className="flex scroll-mt-24 flex-col gap-2 rounded-xl bg-white p-4"
            >
              <p className="text-sm text-grey-text">Position {entry.position}</p>
              <h4 className="font-semibold">{entry.question}</h4>
              <p className="line-clamp-3 whitespace-pre-line text-grey-dark">{entry.answer}</p>
              <ItemActions
                param="question"
                id={entry.id}
                named={`la question « ${entry.question} »`}
                editorId={EDITOR_ID}
                deleteIntent={FAQ_INTENTS.delete}
                asked={plainPostFor(plain, FAQ_INTENTS.delete, entry.id)}
                step={{ ...DELETE_WORDS, level: 5, what: <DeleteWhat entry={entry} /> }}
                onEdit={() => onEdit(entry)}
                onDelete={() => onDelete(entry)}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * An entry's editor: in a dialog when opened by a button once hydrated; in place when the page opened it,
 * a plain form posted to the page until the island hydrates, then saved through the API as the dialog is.
 */
function FaqEntryEditor({
  editing,
  onClose,
  onSaved,
  onGone,
}: {
  editing: Editing;
  onClose: () => void;
  onSaved: (entry: FaqEntryForAdmin, isNew: boolean, placed: boolean) => void;
  onGone: (id: string) => void;
}) {
  const [values, setValues] = useState<Values>(editing.values);
  const [errors, setErrors] = useState<Record<string, string>>(editing.posted?.errors ?? {});
  const [alert, setAlert] = useState<string | null>(editing.posted?.alert ?? null);
  const [pending, setPending] = useState(false);
  const formId = useId();
  const titleId = useId();
  const answerIds = useFieldIds();
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  const { id } = editing;
  const inPlace = editing.session === OPENED_BY_PAGE;
  const title = id === null ? 'Nouvelle question' : 'Modifier la question';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = faqEntryInputSchema.safeParse({
      id,
      question: values.question,
      answer: values.answer,
      audience: values.audience,
      position: faqPositionOf(values.position),
    });
    setAlert(null);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setPending(true);
    try {
      const { upsertFaqEntry } = await gqlRequest<{ upsertFaqEntry: FaqEntryForAdmin }>(
        UPSERT_FAQ_ENTRY,
        { input: { ...parsed.data, id } },
        'UpsertFaqEntry',
      );
      onSaved(upsertFaqEntry, id === null, parsed.data.position != null);
    } catch (error) {
      if (!(error instanceof GraphQLRequestError)) return setAlert(MESSAGES.genericError);
      if (hasFieldErrors(error)) return setErrors(error.fields);
      if (error.code === 'NOT_FOUND' && id !== null) {
        onGone(id);
        return setAlert(FAQ_SAID.gone);
      }
      setAlert(retryMessage(error));
    } finally {
      setPending(false);
    }
  }

  const form = (
    <EditorForm
      id={formId}
      anchor={EDITOR_ID}
      intent={FAQ_INTENTS.save}
      itemId={id}
      alert={alert}
      onSubmit={submit}
    >
      <TextField
        label="Question"
        name="question"
        required
        value={values.question}
        error={errors.question}
        onChange={(event) => set({ question: event.currentTarget.value })}
      />
      <Field ids={answerIds} label="Réponse" required error={errors.answer}>
        <textarea
          id={answerIds.controlId}
          name="answer"
          rows={6}
          required
          value={values.answer}
          onChange={(event) => set({ answer: event.currentTarget.value })}
          {...describedControlProps(answerIds, { error: errors.answer })}
          className={controlClassName(Boolean(errors.answer), 'h-auto min-h-36 py-3')}
        />
      </Field>
      <ChoiceGroup
        legend="Public"
        name="audience"
        required
        value={values.audience}
        error={errors.audience}
        onChange={(audience) => set({ audience })}
        options={FAQ_AUDIENCES.map((audience) => ({
          value: audience,
          label: (
            <>
              {FAQ_AUDIENCE_LABELS[audience]}{' '}
              <span className="text-grey-text">: {AUDIENCE_HINTS[audience]}</span>
            </>
          ),
        }))}
      />
      <TextField
        label="Position"
        name="position"
        inputMode="numeric"
        hint="Un nombre entier : les plus petits d’abord. Vide, la question se place à la fin de son public."
        value={values.position}
        error={errors.position}
        onChange={(event) => set({ position: event.currentTarget.value })}
      />
    </EditorForm>
  );
  const save = (
    <Button type="submit" form={formId} loading={pending}>
      Enregistrer
    </Button>
  );

  if (inPlace) {
    return (
      <section
        id={EDITOR_ID}
        aria-labelledby={titleId}
        className="flex scroll-mt-24 flex-col gap-4 rounded-2xl border border-grey bg-white p-4 sm:p-6"
      >
        <h3 id={titleId} className="text-xl font-bold">
          {title}
        </h3>
        {form}
        <div className="flex flex-wrap gap-3">
          {save}
          <CancelEditor inPlace disabled={pending} onCancel={onClose} />
        </div>
      </section>
    );
  }
  return (
    <Dialog
      open
      onClose={() => !pending && onClose()}
      title={title}
      actions={
        <>
          <CancelEditor inPlace={false} disabled={pending} onCancel={onClose} />
          {save}
        </>
      }
    >
      {form}
    </Dialog>
  );
}

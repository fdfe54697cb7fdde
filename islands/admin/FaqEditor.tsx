import { type FormEvent, useId, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import { FAQ_AUDIENCE_LABELS, FAQ_AUDIENCES, type FaqAudience } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { type FaqEntryForAdmin, faqEntryInputSchema } from '../../common/platform-content.ts';
import { FormAlert, hasFieldErrors, retryMessage } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../ui/Field.tsx';
import { TextField } from '../ui/TextField.tsx';
import { toast } from '../ui/toast-store.ts';
import { type Editing as ContentEditing, useContentList } from './useContentList.ts';

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

function inOrder(entries: FaqEntryForAdmin[]): FaqEntryForAdmin[] {
  return [...entries].sort((a, b) => a.position - b.position || Number(a.id) - Number(b.id));
}

/**
 * The FAQ on the content screen: the questions of each audience in the order readers see them, each
 * edited in a dialog (question, answer, audience, position) or deleted after a confirmation. An error
 * keeps the dialog open with what was typed, and says what is wrong under the field.
 */
export function FaqEditor({ entries: initial }: { entries: FaqEntryForAdmin[] }) {
  const list = useContentList<FaqEntryForAdmin, Values, HTMLDivElement>(initial, 'faq', {
    mutation: DELETE_FAQ_ENTRY,
    operationName: 'DeleteFaqEntry',
    deleted: 'La question est supprimée.',
    alreadyDeleted: 'Cette question avait déjà été supprimée.',
  });
  const { items: entries, editing, setEditing, deleting, setDeleting, deletePending } = list;
  const { edit, gone, remove, listRef, headingRef, headingId } = list;

  function saved(entry: FaqEntryForAdmin, isNew: boolean, placed: boolean) {
    list.setItems((items) => [...items.filter((e) => e.id !== entry.id), entry]);
    if (placed) void refresh();
    list.closeOn(entry.id);
    toast.success(
      isNew
        ? `La question est ajoutée pour le public « ${FAQ_AUDIENCE_LABELS[entry.audience]} ».`
        : 'La question est enregistrée.',
    );
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

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
        Questions fréquentes
      </h2>
      <p>
        Les questions des visiteurs sont lues par tout le monde ; celles des enseignants et des entreprises,
        par ces publics une fois connectés, en plus de celles des visiteurs. Dans chaque public, les questions
        sont affichées par position croissante.
      </p>
      <div>
        <Button onClick={() => edit(null, blank('visitor'))}>Ajouter une question</Button>
      </div>
      <div ref={listRef} className="grid gap-6 lg:grid-cols-3">
        {FAQ_AUDIENCES.map((audience) => (
          <AudienceList
            key={audience}
            audience={audience}
            entries={inOrder(entries.filter((entry) => entry.audience === audience))}
            onEdit={({ id, question, answer, audience, position }) =>
              edit(id, { question, answer, audience, position: String(position) })
            }
            onDelete={setDeleting}
          />
        ))}
      </div>
      <FaqEntryDialog
        key={editing?.session ?? 'closed'}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={saved}
        onGone={gone}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Supprimer cette question ?"
        confirmLabel="Supprimer la question"
        pending={deletePending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove(deleting)}
      >
        {deleting && (
          <>
            <p className="font-semibold">« {deleting.question} »</p>
            <p className="mt-2">
              Elle disparaît de la foire aux questions du public « {FAQ_AUDIENCE_LABELS[deleting.audience]} ».
            </p>
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}

function AudienceList({
  audience,
  entries,
  onEdit,
  onDelete,
}: {
  audience: FaqAudience;
  entries: FaqEntryForAdmin[];
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
            <li key={entry.id} className="flex flex-col gap-2 rounded-xl bg-white p-4">
              <p className="text-sm text-grey-text">Position {entry.position}</p>
              <h4 className="font-semibold">{entry.question}</h4>
              <p className="line-clamp-3 whitespace-pre-line text-grey-dark">{entry.answer}</p>
              <div className="flex flex-wrap gap-2">
                <Button size="m" variant="outline" data-edit-faq={entry.id} onClick={() => onEdit(entry)}>
                  Modifier<span className="sr-only"> la question « {entry.question} »</span>
                </Button>
                <Button size="m" variant="outline" color="error" onClick={() => onDelete(entry)}>
                  Supprimer<span className="sr-only"> la question « {entry.question} »</span>
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function FaqEntryDialog({
  editing,
  onClose,
  onSaved,
  onGone,
}: {
  editing: Editing | null;
  onClose: () => void;
  onSaved: (entry: FaqEntryForAdmin, isNew: boolean, placed: boolean) => void;
  onGone: (id: string) => void;
}) {
  const [values, setValues] = useState<Values>(editing?.values ?? blank('visitor'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const formId = useId();
  const answerIds = useFieldIds();
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  const id = editing?.id ?? null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const position = values.position.trim();
    const parsed = faqEntryInputSchema.safeParse({
      id,
      question: values.question,
      answer: values.answer,
      audience: values.audience,
      position: position === '' ? null : Number(position),
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
        return setAlert(
          'Cette question a été supprimée entre-temps par un autre administrateur. Votre texte est conservé : enregistrez-le pour la recréer.',
        );
      }
      setAlert(retryMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={editing !== null}
      onClose={() => !pending && onClose()}
      title={id === null ? 'Nouvelle question' : 'Modifier la question'}
      actions={
        <>
          <Button variant="outline" color="black" onClick={onClose} disabled={pending}>
            Annuler
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            Enregistrer
          </Button>
        </>
      }
    >
      <form id={formId} method="post" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormAlert message={alert} />
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
      </form>
    </Dialog>
  );
}

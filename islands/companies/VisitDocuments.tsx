import { type FormEvent, useEffect, useRef, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_HINT,
  DOCUMENT_MESSAGES,
  DOCUMENT_TITLE_MAX_LENGTH,
  documentContentProblem,
  documentTypeLabel,
  documentUrl,
  formatFileSize,
  headOf,
  SLOT_DOCUMENTS_MAX,
  TEACHER_DOCUMENTS_MAX,
  VISIT_DOCUMENTS_MAX,
  type VisitDocumentItem,
  visitDocumentSchema,
} from '../../common/documents.ts';
import { MESSAGES } from '../../common/messages.ts';
import { FormAlert, hasFieldErrors, retryMessage } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest, gqlUpload } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { cx } from '../ui/cx.ts';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../ui/Field.tsx';
import { TextField } from '../ui/TextField.tsx';
import { toast } from '../ui/toast-store.ts';
import { ConfirmRemoval, RemoveButton } from './RemoveAsksFirst.tsx';

/** Whose documents the block manages: the company's visit documents, the teacher's, or a slot's. */
type DocumentShelf = 'visit' | 'teacher' | 'slot';

interface ShelfText {
  heading: string;
  intro: string;
  max: number;
  limit: string;
  removed: string;
  add: { operation: string; field: string; query: string };
  remove: { operation: string; query: string };
}

const ADDED_FIELDS = 'id title fileName sizeBytes';

const SHELVES: Record<DocumentShelf, ShelfText> = {
  visit: {
    heading: 'Documents de visite',
    intro: `Plan d’accès, consignes de sécurité, programme de la visite… Ils sont téléchargeables par tous depuis la page de votre entreprise. ${VISIT_DOCUMENTS_MAX} documents au maximum.`,
    max: VISIT_DOCUMENTS_MAX,
    limit: DOCUMENT_MESSAGES.visitDocumentsLimit,
    removed: 'sera retiré de la page de votre entreprise',
    add: {
      operation: 'AddCompanyDocument',
      field: 'addCompanyDocument',
      query: `mutation AddCompanyDocument($file: Upload!, $title: String!) { addCompanyDocument(file: $file, title: $title) { ${ADDED_FIELDS} } }`,
    },
    remove: {
      operation: 'RemoveCompanyDocument',
      query: 'mutation RemoveCompanyDocument($id: ID!) { removeCompanyDocument(id: $id) }',
    },
  },
  teacher: {
    heading: 'Mes documents',
    intro: `Projet pédagogique, liste des élèves, autorisation de sortie… Les entreprises chez qui vous avez réservé un créneau peuvent les télécharger. ${TEACHER_DOCUMENTS_MAX} documents au maximum.`,
    max: TEACHER_DOCUMENTS_MAX,
    limit: DOCUMENT_MESSAGES.teacherDocumentsLimit,
    removed: 'sera retiré de votre profil',
    add: {
      operation: 'UploadTeacherDocument',
      field: 'uploadTeacherDocument',
      query: `mutation UploadTeacherDocument($file: Upload!, $title: String!) { uploadTeacherDocument(file: $file, title: $title) { ${ADDED_FIELDS} } }`,
    },
    remove: {
      operation: 'RemoveTeacherDocument',
      query: 'mutation RemoveTeacherDocument($id: ID!) { removeTeacherDocument(id: $id) }',
    },
  },
  slot: {
    heading: 'Documents du créneau',
    intro: `Documentation de la visite, consignes de sécurité… Seuls les enseignants inscrits à ce créneau peuvent les télécharger. ${SLOT_DOCUMENTS_MAX} documents au maximum.`,
    max: SLOT_DOCUMENTS_MAX,
    limit: DOCUMENT_MESSAGES.slotDocumentsLimit,
    removed: 'sera retiré de ce créneau',
    add: {
      operation: 'AddSlotDocument',
      field: 'addSlotDocument',
      query: `mutation AddSlotDocument($slotId: ID!, $file: Upload!, $title: String!) { addSlotDocument(slotId: $slotId, file: $file, title: $title) { ${ADDED_FIELDS} } }`,
    },
    remove: {
      operation: 'RemoveSlotDocument',
      query: 'mutation RemoveSlotDocument($id: ID!) { removeSlotDocument(id: $id) }',
    },
  },
};

type AddedDocument = Record<string, { id: string; title: string; fileName: string; sizeBytes: number }>;

/** The block's two forms among the page's others (pages/layout/documents-post.ts). */
export const DOCUMENT_ADD_INTENT = 'addDocument';
export const DOCUMENT_REMOVE_INTENT = 'removeDocument';
/** `?document=`: what the page says was just done. */
export const DOCUMENT_DONE = { added: 'ajoute', removed: 'supprime' } as const;
const DONE_NOTICES = { ajoute: 'Document ajouté', supprime: 'Document supprimé' } as const;

/** What the page knows of the block's plain forms (no JavaScript): done, refused, or a removal to confirm. */
export interface PlainDocuments {
  done: (typeof DOCUMENT_DONE)[keyof typeof DOCUMENT_DONE] | null;
  /** An upload refused: its title kept (a file cannot be given back), the messages. */
  posted: { values: Record<string, string>; errors: Record<string, string>; alert: string | null } | null;
  /** The document whose removal asks first (decision 0082), or whose removal was refused. */
  removing: { id: number; alert: string | null } | null;
}

interface VisitDocumentsProps {
  documents: VisitDocumentItem[];
  /** The company's visit documents unless said otherwise. */
  shelf?: DocumentShelf;
  /** The slot whose documents these are, for the `slot` shelf. */
  slotId?: number;
  /** The page the block's forms post to before or without JavaScript, and what it says of them. */
  pageUrl?: string;
  plain?: PlainDocuments | null;
}

const errorMessage = (error: unknown) =>
  error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError;

/**
 * A block of documents (spec: the company manages visit documentation; a teacher adds up to 3 documents):
 * the list with a download link and a delete button each, confirmed in a dialog, and the upload form.
 */
export function VisitDocuments(props: VisitDocumentsProps) {
  const { plain = null } = props;
  const shelf = SHELVES[props.shelf ?? 'visit'];
  const headingId =
    props.shelf === 'teacher'
      ? 'mes-documents'
      : props.shelf === 'slot'
        ? 'documents-du-creneau'
        : 'documents-de-visite';
  const [documents, setDocuments] = useState(props.documents);
  const [removing, setRemoving] = useState<VisitDocumentItem | null>(null);
  const [removedCount, setRemovedCount] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const full = documents.length >= shelf.max;
  const formAction = props.pageUrl ? `${props.pageUrl}#${headingId}` : undefined;

  // The removed document's button is gone with it: focus goes back to the block rather than to the page.
  useEffect(() => {
    if (removedCount > 0) headingRef.current?.focus();
  }, [removedCount]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5 rounded-xl bg-white p-6">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="focus:outline-hidden">
        {shelf.heading}
      </h2>
      <p className="text-sm text-grey-text">{shelf.intro}</p>
      {plain?.done && (
        <p role="status" className="rounded-lg bg-green-light p-3 font-semibold text-green-text">
          {DONE_NOTICES[plain.done]}
        </p>
      )}
      {documents.length === 0 ? (
        <p>Aucun document pour le moment.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-labelledby={headingId}>
          {documents.map((document) => (
            <li
              key={document.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-grey p-4"
            >
              <div className="flex min-w-0 flex-col">
                <span className="font-semibold break-words">{document.title}</span>
                <span className="text-sm text-grey-text">
                  {documentTypeLabel(document.fileName)} · {formatFileSize(document.sizeBytes)}
                </span>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button href={document.url} size="m" variant="outline" color="plainPurple">
                  Télécharger<span className="sr-only"> {document.title}</span>
                </Button>
                <RemoveButton
                  removal={{ intent: DOCUMENT_REMOVE_INTENT, id: document.id, action: formAction }}
                  onAsk={() => setRemoving(document)}
                >
                  Supprimer<span className="sr-only"> {document.title}</span>
                </RemoveButton>
              </div>
              {plain?.removing?.id === document.id && props.pageUrl && (
                <ConfirmRemoval
                  removal={{ intent: DOCUMENT_REMOVE_INTENT, id: document.id, action: formAction }}
                  title="Supprimer ce document ?"
                  confirmLabel="Supprimer le document"
                  pageUrl={props.pageUrl}
                  alert={plain.removing.alert}
                >
                  <p>
                    Le document « {document.title} » {shelf.removed}.
                  </p>
                  <p>Cette suppression est définitive.</p>
                </ConfirmRemoval>
              )}
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="font-semibold">{shelf.limit}</p>
      ) : (
        <UploadForm
          shelf={shelf}
          slotId={props.slotId}
          action={formAction}
          posted={plain?.posted ?? null}
          onAdded={(added) => setDocuments((list) => [...list, added])}
        />
      )}
      <RemoveDialog
        shelf={shelf}
        document={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(id) => {
          setDocuments((list) => list.filter((document) => document.id !== id));
          setRemoving(null);
          setRemovedCount((n) => n + 1);
        }}
      />
    </section>
  );
}

/** Title and file, checked here with the server's rules and messages before anything is sent. */
function UploadForm({
  shelf,
  slotId,
  action,
  posted,
  onAdded,
}: {
  shelf: ShelfText;
  slotId: number | undefined;
  /** Where the form posts before or without JavaScript (multipart, as the browser sends a file). */
  action: string | undefined;
  posted: PlainDocuments['posted'];
  onAdded: (document: VisitDocumentItem) => void;
}) {
  const [title, setTitle] = useState(posted?.values.title ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>(posted?.errors ?? {});
  const [alert, setAlert] = useState<string | null>(posted?.alert ?? null);
  const [pending, setPending] = useState(false);
  // A file input cannot be emptied through its value: a new one replaces it once the file is sent.
  const [fileInputKey, setFileInputKey] = useState(0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setAlert(null);
    const parsed = visitDocumentSchema.safeParse({ title, file: file ?? undefined });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    const contentProblem = documentContentProblem(parsed.data.file.name, await headOf(parsed.data.file));
    if (contentProblem) return setErrors({ file: contentProblem });
    setErrors({});
    setPending(true);
    try {
      const answer = await gqlUpload<AddedDocument>(
        shelf.add.query,
        { file: parsed.data.file, title: parsed.data.title, ...(slotId === undefined ? {} : { slotId }) },
        shelf.add.operation,
      );
      const added = answer[shelf.add.field];
      if (!added) throw new Error(`no ${shelf.add.field} in the answer`);
      onAdded({
        id: Number(added.id),
        title: added.title,
        fileName: added.fileName,
        sizeBytes: added.sizeBytes,
        url: documentUrl(added.id, added.fileName),
      });
      setTitle('');
      setFile(null);
      setFileInputKey((key) => key + 1);
      toast.success('Document ajouté');
    } catch (error) {
      if (error instanceof GraphQLRequestError && hasFieldErrors(error)) setErrors(error.fields);
      // Refused as a whole before it was read (too large): that is about the file.
      else if (error instanceof GraphQLRequestError && error.code === 'BAD_USER_INPUT') {
        setErrors({ file: error.message });
      } else setAlert(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      method="post"
      action={action}
      encType={action ? 'multipart/form-data' : undefined}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-5 border-t border-grey pt-5"
    >
      {action && <input type="hidden" name="intent" value={DOCUMENT_ADD_INTENT} />}
      <h3 className="text-lg font-bold">Ajouter un document</h3>
      <FormAlert message={alert} />
      <TextField
        label="Titre du document"
        name="title"
        required
        hint={`Par exemple « Plan d’accès ». ${DOCUMENT_TITLE_MAX_LENGTH} caractères au maximum.`}
        value={title}
        error={errors.title}
        disabled={pending}
        onChange={(event) => setTitle(event.currentTarget.value)}
      />
      <FileField key={fileInputKey} error={errors.file} disabled={pending} onChange={setFile} />
      <div>
        <Button type="submit" loading={pending}>
          Ajouter le document
        </Button>
      </div>
    </form>
  );
}

function FileField({
  error,
  disabled,
  onChange,
}: {
  error?: string;
  disabled: boolean;
  onChange: (file: File | null) => void;
}) {
  const ids = useFieldIds();
  return (
    <Field ids={ids} label="Fichier" required error={error} hint={DOCUMENT_HINT}>
      <input
        id={ids.controlId}
        type="file"
        name="file"
        accept={DOCUMENT_ACCEPT}
        required
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
        {...describedControlProps(ids, { error, hint: DOCUMENT_HINT })}
        className={cx(
          controlClassName(Boolean(error)),
          'h-auto py-3 file:mr-4 file:rounded-full file:border-0 file:bg-purple-light file:px-4 file:py-1',
          'file:font-semibold file:text-purple-dark',
        )}
      />
    </Field>
  );
}

function RemoveDialog({
  shelf,
  document,
  onClose,
  onRemoved,
}: {
  shelf: ShelfText;
  document: VisitDocumentItem | null;
  onClose: () => void;
  onRemoved: (id: number) => void;
}) {
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  function close() {
    if (pending) return;
    setAlert(null);
    onClose();
  }

  async function confirm() {
    if (!document) return;
    setAlert(null);
    setPending(true);
    try {
      await gqlRequest(shelf.remove.query, { id: document.id }, shelf.remove.operation);
      setPending(false);
      onRemoved(document.id);
      toast.success('Document supprimé');
    } catch (error) {
      setPending(false);
      setAlert(errorMessage(error));
    }
  }

  return (
    <ConfirmDialog
      open={document !== null}
      title="Supprimer ce document ?"
      confirmLabel="Supprimer le document"
      pending={pending}
      onCancel={close}
      onConfirm={confirm}
    >
      <div className="flex flex-col gap-3">
        <FormAlert message={alert} />
        <p>
          Le document « {document?.title} » {shelf.removed}.
        </p>
        <p>Cette suppression est définitive.</p>
      </div>
    </ConfirmDialog>
  );
}

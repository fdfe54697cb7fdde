import { type FormEvent, useEffect, useRef, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_HINT,
  DOCUMENT_TITLE_MAX_LENGTH,
  documentContentProblem,
  documentTypeLabel,
  documentUrl,
  formatFileSize,
  headOf,
  VISIT_DOCUMENTS_MAX,
  type VisitDocumentItem,
  visitDocumentSchema,
} from '../../common/documents.ts';
import { MESSAGES } from '../../common/messages.ts';
import { FormAlert, hasFieldErrors, retryMessage } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest, gqlUpload } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { cx } from '../ui/cx.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../ui/Field.tsx';
import { TextField } from '../ui/TextField.tsx';
import { toast } from '../ui/toast-store.ts';

const ADD_DOCUMENT = `mutation AddCompanyDocument($file: Upload!, $title: String!) {
  addCompanyDocument(file: $file, title: $title) { id title fileName sizeBytes }
}`;
const REMOVE_DOCUMENT = 'mutation RemoveCompanyDocument($id: ID!) { removeCompanyDocument(id: $id) }';

interface AddedDocument {
  addCompanyDocument: { id: string; title: string; fileName: string; sizeBytes: number };
}

export interface VisitDocumentsProps {
  documents: VisitDocumentItem[];
}

const errorMessage = (error: unknown) =>
  error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError;

/**
 * The company profile's "Documents de visite" block (spec: the company manages visit documentation): the
 * list with a download link and a delete button each, confirmed in a dialog, and the upload form.
 */
export function VisitDocuments(props: VisitDocumentsProps) {
  const [documents, setDocuments] = useState(props.documents);
  const [removing, setRemoving] = useState<VisitDocumentItem | null>(null);
  const [removedCount, setRemovedCount] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const full = documents.length >= VISIT_DOCUMENTS_MAX;

  // The removed document's button is gone with it: focus goes back to the block rather than to the page.
  useEffect(() => {
    if (removedCount > 0) headingRef.current?.focus();
  }, [removedCount]);

  return (
    <section aria-labelledby="documents-de-visite" className="flex flex-col gap-5 rounded-xl bg-white p-6">
      <h2 id="documents-de-visite" ref={headingRef} tabIndex={-1} className="focus:outline-hidden">
        Documents de visite
      </h2>
      <p className="text-sm text-grey-text">
        Plan d'accès, consignes de sécurité, programme de la visite… Ils sont téléchargeables par tous depuis
        la page de votre entreprise. {VISIT_DOCUMENTS_MAX} documents au maximum.
      </p>
      {documents.length === 0 ? (
        <p>Aucun document pour le moment.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-labelledby="documents-de-visite">
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
                <Button size="m" variant="outline" color="error" onClick={() => setRemoving(document)}>
                  Supprimer<span className="sr-only"> {document.title}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="font-semibold">
          Vous avez atteint le nombre maximum de documents de visite ({VISIT_DOCUMENTS_MAX}). Supprimez-en un
          pour en ajouter un autre.
        </p>
      ) : (
        <UploadForm onAdded={(added) => setDocuments((list) => [...list, added])} />
      )}
      <RemoveDialog
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
function UploadForm({ onAdded }: { onAdded: (document: VisitDocumentItem) => void }) {
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
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
      const { addCompanyDocument: added } = await gqlUpload<AddedDocument>(
        ADD_DOCUMENT,
        { file: parsed.data.file, title: parsed.data.title },
        'AddCompanyDocument',
      );
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
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-5 border-t border-grey pt-5"
    >
      <h3 className="text-lg font-bold">Ajouter un document</h3>
      <FormAlert message={alert} />
      <TextField
        label="Titre du document"
        name="title"
        required
        hint={`Par exemple « Plan d'accès ». ${DOCUMENT_TITLE_MAX_LENGTH} caractères au maximum.`}
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
  document,
  onClose,
  onRemoved,
}: {
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
      await gqlRequest(REMOVE_DOCUMENT, { id: document.id }, 'RemoveCompanyDocument');
      setPending(false);
      onRemoved(document.id);
      toast.success('Document supprimé');
    } catch (error) {
      setPending(false);
      setAlert(errorMessage(error));
    }
  }

  return (
    <Dialog
      open={document !== null}
      onClose={close}
      title="Supprimer ce document ?"
      actions={
        <>
          <Button variant="outline" color="black" onClick={close} disabled={pending}>
            Annuler
          </Button>
          <Button color="error" loading={pending} onClick={confirm}>
            Supprimer le document
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <FormAlert message={alert} />
        <p>Le document « {document?.title} » sera retiré de la page de votre entreprise.</p>
        <p>Cette suppression est définitive.</p>
      </div>
    </Dialog>
  );
}

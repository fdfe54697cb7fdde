import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import { elide } from '../../common/format.ts';
import { MESSAGES } from '../../common/messages.ts';
import {
  PICTURE_ACCEPT,
  PICTURE_HINT,
  PICTURE_MESSAGES,
  pictureFormatOf,
  pictureSchema,
} from '../../common/pictures.ts';
import { FormAlert, hasFieldErrors, retryMessage } from '../accounts/FormAlert.tsx';
import { type PlainBlocks, postedTo } from '../accounts/profile/useBlockForm.ts';
import { GraphQLRequestError, gqlUpload } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { cx } from '../ui/cx.ts';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../ui/Field.tsx';
import { toast } from '../ui/toast-store.ts';

const SET_PICTURE =
  'mutation SetCompanyPicture($file: Upload!) { setCompanyPicture(file: $file) { pictureUrl } }';

interface CompanyPictureProps {
  companyName: string;
  /** Relative to the site; null until the company sets one. */
  pictureUrl: string | null;
  /** The picture posted without JavaScript (pages/my-company/company-post.ts): refused, or saved. */
  plain?: PlainBlocks | null;
}

/** The block's id: its heading's, and its form's `intent` among the page's blocks. */
const PICTURE_BLOCK = 'image';
const PICTURE_SAVED = 'Image enregistrée';

/**
 * The company profile's picture or logo block (PRODUCT.md, Accounts): the current picture as cards show it,
 * and a form to replace it, checked here with the server's rules before anything is sent. Before or without
 * JavaScript, the form posts the file to the page (multipart), which says here that it was saved, or why not.
 */
export function CompanyPicture(props: CompanyPictureProps) {
  const posted = postedTo(props.plain, PICTURE_BLOCK);
  const [pictureUrl, setPictureUrl] = useState(props.pictureUrl);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>(posted?.errors.file);
  const [alert, setAlert] = useState<string | null>(posted?.alert ?? null);
  const [pending, setPending] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const ids = useFieldIds();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setAlert(null);
    const parsed = pictureSchema.safeParse({ file: file ?? undefined });
    if (!parsed.success) return setError(fieldErrors(parsed.error).file);
    const head = new Uint8Array(await parsed.data.file.slice(0, 16).arrayBuffer());
    if (!pictureFormatOf(head)) return setError(PICTURE_MESSAGES.unsupportedType);
    setError(undefined);
    setPending(true);
    try {
      const { setCompanyPicture } = await gqlUpload<{ setCompanyPicture: { pictureUrl: string } }>(
        SET_PICTURE,
        { file: parsed.data.file },
        'SetCompanyPicture',
      );
      setPictureUrl(new URL(setCompanyPicture.pictureUrl).pathname);
      setFile(null);
      setInputKey((key) => key + 1);
      toast.success(PICTURE_SAVED);
    } catch (failure) {
      if (failure instanceof GraphQLRequestError && hasFieldErrors(failure)) setError(failure.fields.file);
      else if (failure instanceof GraphQLRequestError && failure.code === 'BAD_USER_INPUT')
        setError(failure.message);
      else setAlert(failure instanceof GraphQLRequestError ? retryMessage(failure) : MESSAGES.genericError);
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby={PICTURE_BLOCK} className="flex flex-col gap-5 rounded-xl bg-white p-6">
      <h2 id={PICTURE_BLOCK} className="scroll-mt-24">
        Image ou logo
      </h2>
      {props.plain?.saved === PICTURE_BLOCK && (
        <p role="status" className="rounded-lg bg-green-light p-3 font-semibold text-green-text">
          {PICTURE_SAVED}
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-[14rem_1fr] sm:items-start">
        <div className="aspect-[8/5] overflow-hidden rounded-lg bg-grey-light">
          {pictureUrl ? (
            <img
              src={pictureUrl}
              alt={`Visuel actuel ${elide('de', props.companyName)}`}
              className="h-full w-full object-cover"
              width={224}
              height={140}
            />
          ) : (
            <p className="flex h-full items-center justify-center p-4 text-center text-sm text-grey-text">
              Pas encore d’image
            </p>
          )}
        </div>
        <form
          method="post"
          action={`#${PICTURE_BLOCK}`}
          encType="multipart/form-data"
          noValidate
          onSubmit={submit}
          className="flex flex-col gap-4"
        >
          <input type="hidden" name="intent" value={PICTURE_BLOCK} />
          <FormAlert message={alert} />
          <Field
            ids={ids}
            label={pictureUrl ? 'Nouvelle image' : 'Image'}
            required
            error={error}
            hint={PICTURE_HINT}
          >
            <input
              key={inputKey}
              id={ids.controlId}
              type="file"
              name="file"
              accept={PICTURE_ACCEPT}
              required
              disabled={pending}
              onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
              {...describedControlProps(ids, { error, hint: PICTURE_HINT })}
              className={cx(
                controlClassName(Boolean(error)),
                'h-auto py-3 file:mr-4 file:rounded-full file:border-0 file:bg-purple-light file:px-4 file:py-1',
                'file:font-semibold file:text-purple-dark',
              )}
            />
          </Field>
          <div>
            <Button type="submit" loading={pending}>
              Enregistrer l’image
            </Button>
          </div>
        </form>
      </div>
    </section>
  );
}

import { useState } from 'react';
import { contactBlockFor } from '../../../common/accounts.ts';
import { gqlRequest } from '../../graphql.ts';
import { TextField } from '../../ui/TextField.tsx';
import { useHydrated } from '../../ui/useHydrated.ts';
import { type PostedBlock, useBlockForm } from './useBlockForm.ts';

const UPDATE_CONTACT = 'mutation ($input: ContactInput!) { updateMyContact(input: $input) { pendingEmail } }';

/**
 * A profile's e-mail and phone, the same block for teachers and recruiters (decision 0024): a new e-mail
 * asks for the current password, and the account keeps its address until the link sent to the new one is
 * opened; the form says so and clears the password. `recruiter`: the account is the recruitment site's.
 */
export function useContactBlock(
  initial: { email: string; phone: string; pendingEmail: string | null },
  posted: PostedBlock | null = null,
  recruiter = false,
) {
  const [pendingEmail, setPendingEmail] = useState(initial.pendingEmail);
  const form = useBlockForm(
    contactBlockFor(initial.email),
    { email: initial.email, phone: initial.phone, currentPassword: '' },
    async (input) => {
      const saved = (await gqlRequest(UPDATE_CONTACT, { input })) as {
        updateMyContact: { pendingEmail: string | null };
      };
      setPendingEmail(saved.updateMyContact.pendingEmail);
      form.set({ email: initial.email, currentPassword: '' });
    },
    posted,
  );
  return { form, pendingEmail, email: initial.email, recruiter };
}

/**
 * What the current password is asked for: a new e-mail once hydrated (the field appears with it); before
 * that, the field is always there, for a new e-mail, and for a recruiter's every change, which only the
 * password proves to the recruitment site when the page holds no token of it (decision 0090).
 */
function passwordHint(hydrated: boolean, recruiter: boolean): string {
  if (hydrated) return 'Pour changer d’adresse e-mail, confirmez qu’il s’agit bien de vous.';
  return recruiter
    ? 'Vos coordonnées sont celles de votre compte du site de recrutement : confirmez qu’il s’agit bien de vous.'
    : 'Seulement pour changer d’adresse e-mail : confirmez qu’il s’agit bien de vous.';
}

/** The contact block's fields, inside the profile's Block that saves them. */
export function ContactFields({ contact }: { contact: ReturnType<typeof useContactBlock> }) {
  const { form, pendingEmail, email, recruiter } = contact;
  const hydrated = useHydrated();
  const changingEmail = form.values.email.trim().toLowerCase() !== email;
  return (
    <>
      <TextField label="Adresse e-mail" type="email" autoComplete="email" required {...form.text('email')} />
      {(changingEmail || !hydrated || form.errors.currentPassword) && (
        <TextField
          label="Mot de passe actuel"
          type="password"
          autoComplete="current-password"
          required={changingEmail || (recruiter && !hydrated)}
          hint={passwordHint(hydrated, recruiter)}
          {...form.text('currentPassword')}
        />
      )}
      {pendingEmail && (
        <p className="rounded-lg bg-grey-light p-3 text-sm" role="status">
          Un lien de confirmation a été envoyé à <strong>{pendingEmail}</strong>. Votre adresse reste {email}{' '}
          tant que vous ne l’avez pas ouvert (il est valable 24 heures).
        </p>
      )}
      <TextField
        label="Téléphone"
        type="tel"
        autoComplete="tel"
        hint="Format 0XXXXXXXXX"
        {...form.text('phone')}
      />
    </>
  );
}

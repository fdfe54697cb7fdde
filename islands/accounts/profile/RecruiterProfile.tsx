import { useState } from 'react';
import { nameBlock, teacherProfileBlocks } from '../../../common/accounts.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { gqlRequest } from '../../graphql.ts';
import { TextField } from '../../ui/TextField.tsx';
import { Toaster } from '../../ui/Toast.tsx';
import { Block } from './ProfileBlock.tsx';
import { useBlockForm } from './useBlockForm.ts';

interface RecruiterProfileProps {
  firstName: string;
  lastName: string;
  email: string;
  /** A new e-mail waiting for its confirmation link to be opened. */
  pendingEmail: string | null;
  phone: string;
  /** False with an outside recruitment site: the password is changed there. */
  passwordHere: boolean;
}

const mutate = (query: string) => (variables: Record<string, unknown>) => gqlRequest(query, variables);

/**
 * The recruiter's own profile (issue 14): name, contact (a new e-mail is confirmed by a link, as for
 * teachers, decision 0024) and password, each block saved on its own. The recruitment site's token goes
 * with every request (islands/graphql.ts), as the changes are made on that site's account.
 */
export function RecruiterProfile(props: RecruiterProfileProps) {
  const name = useBlockForm(nameBlock, { firstName: props.firstName, lastName: props.lastName }, (input) =>
    mutate('mutation ($input: NameInput!) { updateMyName(input: $input) { id } }')({ input }),
  );
  const [pendingEmail, setPendingEmail] = useState(props.pendingEmail);
  const contact = useBlockForm(
    teacherProfileBlocks.contact,
    { email: props.email, phone: props.phone, currentPassword: '' },
    async (input) => {
      const saved = (await mutate(
        'mutation ($input: ContactInput!) { updateMyContact(input: $input) { pendingEmail } }',
      )({ input })) as { updateMyContact: { pendingEmail: string | null } };
      setPendingEmail(saved.updateMyContact.pendingEmail);
      contact.set({ email: props.email, currentPassword: '' });
    },
  );
  const changingEmail = contact.values.email.trim().toLowerCase() !== props.email;
  const password = useBlockForm(
    teacherProfileBlocks.password,
    { currentPassword: '', newPassword: '' },
    async (input) => {
      await mutate(
        'mutation ($c: String!, $n: String!) { changeMyPassword(currentPassword: $c, newPassword: $n) }',
      )({ c: input.currentPassword, n: input.newPassword });
      password.set({ currentPassword: '', newPassword: '' });
    },
  );

  return (
    <div className="flex flex-col gap-6">
      <Toaster />
      <Block title="Identité" id="identite" onSubmit={name.submit} pending={name.pending}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Prénom" autoComplete="given-name" required {...name.text('firstName')} />
          <TextField label="Nom" autoComplete="family-name" required {...name.text('lastName')} />
        </div>
      </Block>

      <Block title="Coordonnées" id="coordonnees" onSubmit={contact.submit} pending={contact.pending}>
        <p className="text-sm text-grey-text">
          Votre adresse e-mail est aussi votre identifiant de connexion au site de recrutement.
        </p>
        <TextField
          label="Adresse email"
          type="email"
          autoComplete="email"
          required
          {...contact.text('email')}
        />
        {changingEmail && (
          <TextField
            label="Mot de passe actuel"
            type="password"
            autoComplete="current-password"
            required
            hint="Pour changer d’adresse e-mail, confirmez qu’il s’agit bien de vous."
            {...contact.text('currentPassword')}
          />
        )}
        {pendingEmail && (
          <p className="rounded-lg bg-grey-light p-3 text-sm" role="status">
            Un lien de confirmation a été envoyé à <strong>{pendingEmail}</strong>. Votre adresse reste{' '}
            {props.email} tant que vous ne l’avez pas ouvert (il est valable 24 heures).
          </p>
        )}
        <TextField
          label="Téléphone"
          type="tel"
          autoComplete="tel"
          hint="Format 0XXXXXXXXX"
          {...contact.text('phone')}
        />
      </Block>

      {props.passwordHere ? (
        <Block title="Mot de passe" id="mot-de-passe" onSubmit={password.submit} pending={password.pending}>
          <TextField
            label="Mot de passe actuel"
            type="password"
            autoComplete="current-password"
            required
            {...password.text('currentPassword')}
          />
          <TextField
            label="Nouveau mot de passe"
            type="password"
            autoComplete="new-password"
            required
            hint={MESSAGES.passwordHint}
            {...password.text('newPassword')}
          />
        </Block>
      ) : (
        <section aria-labelledby="mot-de-passe" className="rounded-xl bg-white p-6">
          <h2 id="mot-de-passe">Mot de passe</h2>
          <p className="mt-3">
            Vous vous connectez avec les identifiants du site de recrutement : votre mot de passe se change
            sur ce site.
          </p>
        </section>
      )}
    </div>
  );
}

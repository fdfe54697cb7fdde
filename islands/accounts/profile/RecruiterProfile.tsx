import { nameBlock } from '../../../common/accounts.ts';
import { gqlRequest } from '../../graphql.ts';
import { TextField } from '../../ui/TextField.tsx';
import { Toaster } from '../../ui/Toast.tsx';
import { ContactFields, useContactBlock } from './ContactBlock.tsx';
import { PasswordBlock } from './PasswordBlock.tsx';
import { Block } from './ProfileBlock.tsx';
import { type PlainBlocks, postedTo, useBlockForm } from './useBlockForm.ts';

interface RecruiterProfileProps {
  firstName: string;
  lastName: string;
  email: string;
  /** A new e-mail waiting for its confirmation link to be opened. */
  pendingEmail: string | null;
  phone: string;
  /** False with an outside recruitment site: the password is changed there. */
  passwordHere: boolean;
  /** A block posted without JavaScript (pages/my-profile/profile-post.ts): refused, or saved. */
  plain?: PlainBlocks | null;
}

const mutate = (query: string) => (variables: Record<string, unknown>) => gqlRequest(query, variables);

/**
 * The recruiter's own profile (issue 14): name, contact (a new e-mail is confirmed by a link, as for
 * teachers, decision 0024) and password, each block saved on its own. The recruitment site's token goes
 * with every request (islands/graphql.ts), as the changes are made on that site's account.
 */
export function RecruiterProfile(props: RecruiterProfileProps) {
  const { plain } = props;
  const name = useBlockForm(
    nameBlock,
    { firstName: props.firstName, lastName: props.lastName },
    (input) => mutate('mutation ($input: NameInput!) { updateMyName(input: $input) { id } }')({ input }),
    postedTo(plain, 'identite'),
  );
  const contact = useContactBlock(props, postedTo(plain, 'coordonnees'), true);

  return (
    <div className="flex flex-col gap-6">
      <Toaster />
      <Block title="Identité" id="identite" onSubmit={name.submit} pending={name.pending} plain={plain}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Prénom" autoComplete="given-name" required {...name.text('firstName')} />
          <TextField label="Nom" autoComplete="family-name" required {...name.text('lastName')} />
        </div>
      </Block>

      <Block
        title="Coordonnées"
        id="coordonnees"
        onSubmit={contact.form.submit}
        pending={contact.form.pending}
        plain={plain}
      >
        <p className="text-sm text-grey-text">
          Votre adresse e-mail est aussi votre identifiant de connexion au site de recrutement.
        </p>
        <ContactFields contact={contact} />
      </Block>

      {props.passwordHere ? (
        <PasswordBlock plain={plain} />
      ) : (
        <section aria-labelledby="mot-de-passe" className="rounded-xl bg-white p-6">
          <h2 id="mot-de-passe">Mot de passe</h2>
          <p className="mt-3">
            Vous vous connectez avec les identifiants du site de recrutement : votre mot de passe se change
            sur ce site.
          </p>
        </section>
      )}
    </div>
  );
}

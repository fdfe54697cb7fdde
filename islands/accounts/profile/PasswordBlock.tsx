import { teacherProfileBlocks } from '../../../common/accounts.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { gqlRequest } from '../../graphql.ts';
import { TextField } from '../../ui/TextField.tsx';
import { Toaster } from '../../ui/Toast.tsx';
import { Block } from './ProfileBlock.tsx';
import { type PlainBlocks, postedTo, useBlockForm } from './useBlockForm.ts';

const CHANGE_PASSWORD =
  'mutation ($c: String!, $n: String!) { changeMyPassword(currentPassword: $c, newPassword: $n) }';

/** The block's id: its anchor, and the `intent` of its plain form. */
export const PASSWORD_BLOCK = 'mot-de-passe';

/** The password block of every profile (teacher, recruiter, operator): the current one, then the new one. */
export function PasswordBlock({ plain = null }: { plain?: PlainBlocks | null }) {
  const password = useBlockForm(
    teacherProfileBlocks.password,
    { currentPassword: '', newPassword: '' },
    async (input) => {
      await gqlRequest(CHANGE_PASSWORD, { c: input.currentPassword, n: input.newPassword });
      password.set({ currentPassword: '', newPassword: '' });
    },
    postedTo(plain, PASSWORD_BLOCK),
  );
  return (
    <Block
      title="Mot de passe"
      id={PASSWORD_BLOCK}
      onSubmit={password.submit}
      pending={password.pending}
      plain={plain}
    >
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
  );
}

/**
 * The password block alone on its page (the operators' account), with the toasts it speaks through; `plain`
 * is its post without JavaScript as the page answered it (pages/admin/account/+data.ts).
 */
export function OwnPassword({ plain = null }: { plain?: PlainBlocks | null }) {
  return (
    <>
      <PasswordBlock plain={plain} />
      <Toaster />
    </>
  );
}

import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import { elide } from '../../common/format.ts';
import { ROUTES } from '../../common/routes.ts';
import { JOIN_REQUEST_CONFIRMATION_HOURS, joinRequestSchema, TEAM_MESSAGES } from '../../common/team.ts';
import { FormAlert } from '../accounts/FormAlert.tsx';
import { NewPasswordFields } from '../accounts/NewPasswordFields.tsx';
import { PersonFields } from '../accounts/PersonFields.tsx';
import { BackButton, TermsCheckbox, WIZARD_FIELDS, WIZARD_NEXT } from '../accounts/WizardParts.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { type JoinSent, USER_PHONE } from './company-sign-up.ts';

const REQUEST = /* GraphQL */ `
  mutation RequestToJoinCompany($input: JoinRequestInput!) { requestToJoinCompany(input: $input) }
`;

export interface JoinRequestValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  passwordConfirmation: string;
  acceptTerms: boolean;
}

/**
 * « Demander à rejoindre cette entreprise » (issue 21): a SIRET already registered at sign-up, and the person
 * asks its admins to let them in. Keeps what the sign-up had typed; says once sent that the admins decide.
 * A step of the sign-up's plain forms too (pages/signup-company/signup-post.ts): `carried` holds the
 * sign-up's other values, `posted` a refused post's messages, `sent` what the page's result says;
 * `passwordKept`, a password sealed by the server, which the form then posts on without JavaScript.
 */
export function JoinRequestForm({
  siret,
  companyName,
  initial,
  onBack,
  carried,
  posted = { errors: {}, alert: null },
  sent: sentBefore = null,
  passwordKept = false,
}: {
  siret: string;
  companyName: string;
  initial: JoinRequestValues;
  onBack(): void;
  carried?: ReactNode;
  posted?: { errors: Record<string, string>; alert: string | null };
  sent?: JoinSent | null;
  passwordKept?: boolean;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>(posted.errors);
  const [alert, setAlert] = useState<string | null>(posted.alert);
  const [pending, setPending] = useState(false);
  // Sent: to the admins now, or kept until the operators validate the company (docs/decisions/0082).
  const [sent, setSent] = useState<JoinSent | null>(sentBefore);
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the heading takes the focus when the screen changes.
  useEffect(() => heading.current?.focus(), [sent]);
  const update = (patch: Partial<JoinRequestValues>) => setValues({ ...values, ...patch });

  async function submit(event: FormEvent) {
    if (passwordKept && !values.password) return;
    event.preventDefault();
    const parsed = joinRequestSchema.safeParse({ ...values, siret, phone: values.phone || undefined });
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (values.password !== values.passwordConfirmation)
      found.passwordConfirmation = TEAM_MESSAGES.passwordMismatch;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    setPending(true);
    setAlert(null);
    try {
      const answer = await gqlRequest<{ requestToJoinCompany: boolean }>(
        REQUEST,
        { input: parsed.data },
        'RequestToJoinCompany',
      );
      setSent(answer.requestToJoinCompany ? 'toAdmins' : 'awaitingValidation');
    } catch (error) {
      if (!(error instanceof GraphQLRequestError)) throw error;
      if (error.code === 'BAD_USER_INPUT' && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else if (error.code === 'email_already_exists') setErrors({ email: error.message });
      else setAlert(error.message);
    } finally {
      setPending(false);
    }
  }

  if (sent) {
    return (
      <section className="flex flex-col gap-4" aria-labelledby="join-request-sent">
        <h2 id="join-request-sent" ref={heading} tabIndex={-1}>
          Demande envoyée
        </h2>
        <p>
          Confirmez d’abord votre adresse : nous vous avons envoyé un e-mail à{' '}
          <strong className="break-all">{values.email}</strong>. Ouvrez le lien qu’il contient dans les{' '}
          {JOIN_REQUEST_CONFIRMATION_HOURS} heures, sans quoi votre demande sera effacée.
        </p>
        {sent === 'awaitingValidation' ? (
          <p>
            {companyName || 'Cette entreprise'} attend encore la validation de son inscription par notre
            équipe : ses administrateurs recevront votre demande confirmée dès la validation. Vous recevrez
            leur réponse par e-mail ; une fois acceptée, vous pourrez vous connecter avec le mot de passe
            choisi.
          </p>
        ) : (
          <p>
            Les administrateurs {elide('de', companyName || 'cette entreprise')} recevront alors votre demande
            par e-mail. Vous recevrez leur réponse à la même adresse : une fois acceptée, vous pourrez vous
            connecter avec le mot de passe choisi.
          </p>
        )}
        <div>
          <Button href={ROUTES.landingCompany} variant="outline">
            Retour à l’espace entreprise
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5">
      {carried}
      <h2 ref={heading} tabIndex={-1}>
        Demander à rejoindre {companyName || 'cette entreprise'}
      </h2>
      <p>
        Une entreprise est déjà inscrite avec le SIRET {siret}. Une fois votre adresse e-mail confirmée, ses
        administrateurs recevront votre demande et pourront l’accepter ou la refuser.
      </p>
      <FormAlert message={alert} />
      <PersonFields
        values={values}
        errors={errors}
        update={update}
        emailLabel="Adresse e-mail professionnelle"
        phoneHint="Facultatif"
        phoneName={USER_PHONE}
      />
      <NewPasswordFields values={values} errors={errors} update={update} kept={passwordKept} />
      <TermsCheckbox
        checked={values.acceptTerms}
        onChange={(acceptTerms) => update({ acceptTerms })}
        error={errors.acceptTerms}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name={WIZARD_FIELDS.intent} value={WIZARD_NEXT} loading={pending}>
          Envoyer ma demande
        </Button>
        <BackButton onBack={onBack}>Revenir à l’inscription</BackButton>
      </div>
    </form>
  );
}

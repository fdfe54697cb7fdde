import type { ReactNode } from 'react';
import { elide } from '../../common/format.ts';
import { ROUTES } from '../../common/routes.ts';
import { JOIN_REQUEST_CONFIRMATION_HOURS } from '../../common/team.ts';
import { FormAlert } from '../../islands/accounts/FormAlert.tsx';
import { WIZARD_FIELDS, WIZARD_NEXT } from '../../islands/accounts/sign-up-steps.ts';
import { type CompanySignUpStart, USER_PHONE } from '../../islands/companies/company-sign-up.ts';
import { Button } from '../../islands/ui/Button.tsx';
import { LightForm, LightSubmit } from '../layout/LightForm.tsx';
import { NewPasswordFields } from '../layout/sign-up/NewPasswordFields.tsx';
import { PersonFields } from '../layout/sign-up/PersonFields.tsx';
import { BackButton, TermsCheckbox } from '../layout/sign-up/WizardParts.tsx';

/**
 * « Demander à rejoindre cette entreprise » (issue 21): a SIRET already registered at sign-up, and the person
 * asks its admins to let them in. A step of the sign-up (pages/signup-company/signup-post.ts): it keeps what
 * the sign-up had typed (`carried`, the sign-up's other values), shows a refused post's messages, and once
 * sent (`start.joinSent`) says what happens next.
 */
export function JoinRequestForm({ start, carried }: { start: CompanySignUpStart; carried: ReactNode }) {
  const { values, errors, alert, joinSent, passwordSeal } = start;
  const companyName = values.name;
  if (joinSent) {
    return (
      <section className="flex flex-col gap-4" aria-labelledby="join-request-sent">
        <h2 id="join-request-sent" tabIndex={-1}>
          Demande envoyée
        </h2>
        <p>
          Confirmez d’abord votre adresse : nous vous avons envoyé un e-mail à{' '}
          <strong className="break-all">{values.user.email}</strong>. Ouvrez le lien qu’il contient dans les{' '}
          {JOIN_REQUEST_CONFIRMATION_HOURS} heures, sans quoi votre demande sera effacée.
        </p>
        {joinSent === 'awaitingValidation' ? (
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
    <LightForm rules="companySignUp" className="flex flex-col gap-5">
      {carried}
      <h2 tabIndex={-1} data-light-focus="">
        Demander à rejoindre {companyName || 'cette entreprise'}
      </h2>
      <p>
        Une entreprise est déjà inscrite avec le SIRET {values.siret}. Ses administrateurs recevront votre
        demande et pourront l’accepter ou la refuser.
      </p>
      <FormAlert message={alert} />
      <PersonFields
        values={values.user}
        errors={errors}
        emailLabel="Adresse e-mail professionnelle"
        phoneHint="Facultatif"
        phoneName={USER_PHONE}
      />
      <NewPasswordFields
        values={{ password: '', passwordConfirmation: '' }}
        errors={errors}
        kept={Boolean(passwordSeal)}
      />
      <TermsCheckbox checked={values.acceptTerms} error={errors.acceptTerms} />
      <div className="flex flex-wrap gap-3">
        <LightSubmit name={WIZARD_FIELDS.intent} value={WIZARD_NEXT}>
          Envoyer ma demande
        </LightSubmit>
        <BackButton>Revenir à l’inscription</BackButton>
      </div>
    </LightForm>
  );
}

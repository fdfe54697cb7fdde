import { SECTOR_LABELS } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import { WIZARD_FIELDS } from '../../islands/accounts/sign-up-steps.ts';
import type { TypedAddress } from '../../islands/address-post.ts';
import {
  COMPANY_ADDRESS,
  type CompanySignUpValues,
  JOIN_INTENT,
  type Lookup,
  STEP_TITLES,
  USER_PHONE,
} from '../../islands/companies/company-sign-up.ts';
import { Button } from '../../islands/ui/Button.tsx';
import { Listbox } from '../../islands/ui/Listbox.tsx';
import { TextField } from '../../islands/ui/TextField.tsx';
import { AddressIsland } from '../layout/AddressIsland.tsx';
import { NewPasswordFields } from '../layout/sign-up/NewPasswordFields.tsx';
import { PersonFields } from '../layout/sign-up/PersonFields.tsx';

/** The fields of the company sign-up's steps, one component a step, rendered on the server with its values. */

interface StepProps {
  values: CompanySignUpValues;
  errors: Record<string, string>;
}

export const LOOKUP_STATUS: Record<Lookup, string> = {
  idle: '',
  found: 'Informations trouvées dans le répertoire des entreprises : vérifiez-les avant de continuer.',
  notFound: 'Entreprise introuvable dans le répertoire : saisissez ses informations.',
  registered: '',
};

/**
 * SIRET, name and address. « Continuer » looks the SIRET up in the register (pages/signup-company/signup-post.ts):
 * what it knows fills what is still empty, and the step comes back to be checked; a SIRET already signed up
 * offers to ask to join its company. The address is chosen among the suggestions once its field is used
 * (an island hydrated then), or typed and settled by the page; `typedAddress`: what the page could not settle.
 */
export function IdentityStep({
  values,
  errors,
  lookup,
  typedAddress,
}: StepProps & { lookup: Lookup; typedAddress: TypedAddress | undefined }) {
  return (
    <>
      <div className="flex flex-col gap-2">
        <TextField
          label="SIRET"
          name="siret"
          inputMode="numeric"
          autoComplete="off"
          required
          hint="Les 14 chiffres de l’établissement qui accueillera les visites"
          defaultValue={values.siret}
          error={errors.siret || undefined}
        />
        <p role="status" className={LOOKUP_STATUS[lookup] ? 'text-sm font-medium' : 'sr-only'}>
          {LOOKUP_STATUS[lookup]}
        </p>
        {lookup === 'registered' && (
          <div className="flex flex-col items-start gap-2">
            <p>
              Votre entreprise a déjà un compte ?{' '}
              <a className="link" href={ROUTES.loginCompany}>
                Se connecter
              </a>
            </p>
            <Button
              type="submit"
              name={WIZARD_FIELDS.intent}
              value={JOIN_INTENT}
              formNoValidate
              variant="outline"
              size="m"
            >
              Demander à rejoindre cette entreprise
            </Button>
          </div>
        )}
      </div>
      <TextField
        label="Nom de l’entreprise"
        name="name"
        autoComplete="organization"
        required
        defaultValue={values.name}
        error={errors.name}
      />
      <AddressIsland
        label="Adresse de l’entreprise"
        name={COMPANY_ADDRESS}
        required
        defaultValue={values.address}
        error={errors.address}
        typed={typedAddress}
        hint="Choisissez-la dans la liste, ou indiquez au moins son code postal et sa commune"
      />
    </>
  );
}

export function ActivityStep({ values, errors }: StepProps) {
  return (
    <>
      <TextField
        label="Code NAF"
        name="nafCode"
        required
        hint="Format 25.62B : il figure sur l’avis de situation au répertoire SIRENE"
        defaultValue={values.nafCode}
        error={errors.nafCode}
      />
      <Listbox
        label="Secteur d’activité"
        name="sector"
        required
        options={Object.entries(SECTOR_LABELS).map(([value, label]) => ({ value, label }))}
        defaultValue={values.sector}
        error={errors.sector}
      />
      <TextField
        label="Téléphone de l’entreprise"
        type="tel"
        name="phone"
        autoComplete="tel"
        required
        hint="Format 0XXXXXXXXX"
        defaultValue={values.phone}
        error={errors.phone}
      />
    </>
  );
}

/** The person who signs the company up, and will log in for it. */
export function PersonStep({ values, errors }: StepProps) {
  return (
    <PersonFields
      values={values.user}
      errors={{
        firstName: errors['user.firstName'],
        lastName: errors['user.lastName'],
        email: errors['user.email'],
        phone: errors['user.phone'],
      }}
      emailHint="Elle vous servira à vous connecter"
      phoneName={USER_PHONE}
    />
  );
}

/** `kept`: a password given before, sealed by the server without JavaScript, which may be left as it is. */
export function PasswordStep({ values, errors, kept }: StepProps & { kept: boolean }) {
  return <NewPasswordFields values={values} errors={errors} kept={kept} />;
}

/** The last step says what happens next: an administrator validates the company, which is told by e-mail. */
export function SignUpDone({
  index,
  total,
  values,
}: {
  index: number;
  total: number;
  values: CompanySignUpValues;
}) {
  return (
    <section className="flex flex-col gap-4" aria-labelledby="company-signup-done">
      <div>
        <p className="text-sm font-semibold text-grey-text">
          Étape {index + 1} sur {total}
        </p>
        <h2 id="company-signup-done" tabIndex={-1}>
          {STEP_TITLES.done}
        </h2>
      </div>
      <p>
        Votre inscription est enregistrée. L’entreprise <strong>{values.name}</strong> sera visible sur
        Passerelle Industrie après validation par l’équipe de la plateforme.
      </p>
      <p>
        Vous recevrez un e-mail à l’adresse <strong>{values.user.email}</strong> dès que votre entreprise sera
        validée : vous pourrez alors vous connecter et publier vos créneaux.
      </p>
      <div>
        <Button href={ROUTES.landingCompany} variant="outline">
          Retour à l’espace entreprise
        </Button>
      </div>
    </section>
  );
}

import type { Ref } from 'react';
import { SECTOR_LABELS, type Sector } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import { AddressField, addressInputs, type TypedAddress } from '../AddressField.tsx';
import { NewPasswordFields } from '../accounts/NewPasswordFields.tsx';
import { PersonFields } from '../accounts/PersonFields.tsx';
import { WIZARD_FIELDS } from '../accounts/WizardParts.tsx';
import { Button } from '../ui/Button.tsx';
import { Listbox } from '../ui/Listbox.tsx';
import { TextField } from '../ui/TextField.tsx';
import {
  COMPANY_ADDRESS,
  type CompanySignUpValues,
  JOIN_INTENT,
  type Lookup,
  STEP_TITLES,
  USER_PHONE,
} from './company-sign-up.ts';
import type { CompanyIdentityLookups } from './useCompanyIdentity.ts';

/** The fields of the company sign-up's steps, one component a step; the wizard holds their values. */

interface StepProps {
  values: CompanySignUpValues;
  errors: Record<string, string>;
  update(patch: Partial<CompanySignUpValues>): void;
}

const LOOKUP_STATUS: Record<Lookup, string> = {
  idle: '',
  loading: 'Recherche dans le répertoire des entreprises…',
  found: 'Informations trouvées dans le répertoire des entreprises',
  notFound: 'Entreprise introuvable dans le répertoire : saisissez ses informations.',
  registered: '',
};

/**
 * SIRET (which prefills the rest from the register), name, and address: from the suggestions or by postcode
 * (with JavaScript; without it, the address typed is settled by the server). `typedAddress`: the address as
 * typed in a plain post, when the server could not settle it.
 */
export function IdentityStep({
  values,
  errors,
  update,
  identity,
  onJoin,
  typedAddress,
}: StepProps & {
  identity: CompanyIdentityLookups;
  onJoin?: () => void;
  typedAddress: TypedAddress | undefined;
}) {
  const { lookup, addressMode, postcode, communes, hydrated } = identity;
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
          value={values.siret}
          onChange={(e) => identity.typeSiret(e.currentTarget.value)}
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
            {onJoin && (
              <Button
                // A submit without JavaScript; with it, Enter in a field still means « Continuer ».
                type={hydrated ? 'button' : 'submit'}
                name={WIZARD_FIELDS.intent}
                value={JOIN_INTENT}
                formNoValidate
                variant="outline"
                size="m"
                onClick={(event) => {
                  event.preventDefault();
                  onJoin();
                }}
              >
                Demander à rejoindre cette entreprise
              </Button>
            )}
          </div>
        )}
      </div>
      <TextField
        label="Nom de l’entreprise"
        name="name"
        autoComplete="organization"
        required
        value={values.name}
        onChange={(e) => update({ name: e.currentTarget.value })}
        error={errors.name}
      />
      {addressMode === 'suggestions' ? (
        <div className="flex flex-col gap-2">
          <AddressField
            label="Adresse de l’entreprise"
            name={COMPANY_ADDRESS}
            required
            value={values.address}
            onChange={(address) => update({ address })}
            error={errors.address}
            typed={typedAddress}
          />
          {hydrated && (
            <div>
              <Button variant="link" onClick={() => identity.switchAddressMode('postcode')}>
                Je ne trouve pas mon adresse
              </Button>
            </div>
          )}
        </div>
      ) : (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 font-semibold">Adresse de l’entreprise</legend>
          {/* The commune chosen, as the address field would post it. */}
          {addressInputs(COMPANY_ADDRESS, values.address, undefined).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <p className="text-sm text-grey-text">
            Indiquez le code postal et la commune : votre entreprise sera placée au centre de la commune.
          </p>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Code postal"
              name="zipcode"
              inputMode="numeric"
              autoComplete="postal-code"
              required
              value={postcode.zipcode}
              onChange={(e) => void identity.findCommunes(e.currentTarget.value.trim())}
              error={errors['postcode.zipcode'] || undefined}
            />
            <Listbox
              label="Commune"
              name="city"
              required
              disabled={communes.length === 0}
              options={communes.map((commune) => ({ value: commune.city, label: commune.city }))}
              value={postcode.city}
              onChange={(city) =>
                identity.chooseCommune(
                  postcode.zipcode,
                  communes.find((commune) => commune.city === city),
                )
              }
              error={errors['postcode.city']}
            />
          </div>
          <div>
            <Button variant="link" onClick={() => identity.switchAddressMode('suggestions')}>
              Rechercher mon adresse dans la liste
            </Button>
          </div>
        </fieldset>
      )}
    </>
  );
}

export function ActivityStep({ values, errors, update }: StepProps) {
  return (
    <>
      <TextField
        label="Code NAF"
        name="nafCode"
        required
        hint="Format 25.62B : il figure sur l’avis de situation au répertoire SIRENE"
        value={values.nafCode}
        onChange={(e) => update({ nafCode: e.currentTarget.value })}
        error={errors.nafCode}
      />
      <Listbox
        label="Secteur d’activité"
        name="sector"
        required
        options={Object.entries(SECTOR_LABELS).map(([value, label]) => ({ value, label }))}
        value={values.sector}
        onChange={(sector) => update({ sector: sector as Sector })}
        error={errors.sector}
      />
      <TextField
        label="Téléphone de l’entreprise"
        type="tel"
        name="phone"
        autoComplete="tel"
        required
        hint="Format 0XXXXXXXXX"
        value={values.phone}
        onChange={(e) => update({ phone: e.currentTarget.value })}
        error={errors.phone}
      />
    </>
  );
}

/** The person who signs the company up, and will log in for it. */
export function PersonStep({
  values,
  errors,
  updateUser,
}: Omit<StepProps, 'update'> & { updateUser(patch: Partial<CompanySignUpValues['user']>): void }) {
  return (
    <PersonFields
      values={values.user}
      errors={{
        firstName: errors['user.firstName'],
        lastName: errors['user.lastName'],
        email: errors['user.email'],
        phone: errors['user.phone'],
      }}
      update={updateUser}
      emailHint="Elle vous servira à vous connecter"
      phoneName={USER_PHONE}
    />
  );
}

/** `kept`: a password given before, sealed by the server without JavaScript, which may be left as it is. */
export function PasswordStep({ values, errors, update, kept }: StepProps & { kept: boolean }) {
  return <NewPasswordFields values={values} errors={errors} update={update} kept={kept} />;
}

/** The last step says what happens next: an administrator validates the company, which is told by e-mail. */
export function SignUpDone({
  index,
  total,
  headingRef,
  values,
}: {
  index: number;
  total: number;
  headingRef: Ref<HTMLHeadingElement>;
  values: CompanySignUpValues;
}) {
  return (
    <section className="flex flex-col gap-4" aria-labelledby="company-signup-done">
      <div>
        <p className="text-sm font-semibold text-grey-text">
          Étape {index + 1} sur {total}
        </p>
        <h2 id="company-signup-done" ref={headingRef} tabIndex={-1}>
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

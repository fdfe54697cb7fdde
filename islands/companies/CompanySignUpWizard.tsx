import { type FormEvent, useEffect, useRef, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import {
  COMPANY_MESSAGES,
  companySignUpSchema,
  companySignUpSteps,
  postcodeAddressSchema,
} from '../../common/companies.ts';
import { SECTOR_LABELS, type Sector } from '../../common/constants.ts';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { siretSchema } from '../../common/siret.ts';
import { AddressField, type AddressValue } from '../AddressField.tsx';
import { FormAlert, retryMessage } from '../accounts/FormAlert.tsx';
import { useWizard } from '../accounts/useWizard.ts';
import { DepartmentListbox, StepHeading, TermsCheckbox, WizardNavigation } from '../accounts/WizardParts.tsx';
import { type DepartmentChoice, WrongDepartment } from '../accounts/WrongDepartment.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { Listbox } from '../ui/Listbox.tsx';
import { TextField } from '../ui/TextField.tsx';

const STEPS = ['department', 'identity', 'activity', 'person', 'password', 'terms', 'done'] as const;
type Step = (typeof STEPS)[number];
type FormStep = Exclude<Step, 'done'>;
const STEP_TITLES: Record<Step, string> = {
  department: 'Votre département',
  identity: 'Votre entreprise',
  activity: 'Son activité',
  person: 'Vos coordonnées',
  password: 'Votre mot de passe',
  terms: "Conditions d'utilisation",
  done: 'Inscription enregistrée',
};

const SIGN_UP = /* GraphQL */ `
  mutation SignUpCompany($input: CompanySignUpInput!) { signUpCompany(input: $input) { name status } }
`;
const COMPANY_IDENTITY = /* GraphQL */ `
  query CompanyIdentity($siret: String!) {
    companyIdentity(siret: $siret) { name nafCode address { label zipcode city lat lng } alreadyRegistered }
  }
`;
const COMMUNES_OF_POSTCODE = /* GraphQL */ `
  query CommunesOfPostcode($postcode: String!) {
    communesOfPostcode(postcode: $postcode) { zipcode city lat lng }
  }
`;

interface Prefill {
  name: string | null;
  nafCode: string | null;
  address: { label: string; zipcode: string; city: string; lat: number | null; lng: number | null } | null;
  alreadyRegistered: boolean;
}
interface Commune {
  zipcode: string;
  city: string;
  lat: number;
  lng: number;
}

type Lookup = 'idle' | 'loading' | 'found' | 'notFound' | 'registered';
const LOOKUP_STATUS: Record<Lookup, string> = {
  idle: '',
  loading: 'Recherche dans le répertoire des entreprises…',
  found: 'Informations trouvées dans le répertoire des entreprises',
  notFound: 'Entreprise introuvable dans le répertoire : saisissez ses informations.',
  registered: '',
};

interface Values {
  departmentCode: string;
  siret: string;
  name: string;
  address: AddressValue | null;
  nafCode: string;
  sector: Sector | '';
  phone: string;
  user: { firstName: string; lastName: string; email: string; phone: string };
  password: string;
  passwordConfirmation: string;
  acceptTerms: boolean;
}

const EMPTY: Values = {
  departmentCode: '',
  siret: '',
  name: '',
  address: null,
  nafCode: '',
  sector: '',
  phone: '',
  user: { firstName: '', lastName: '', email: '', phone: '' },
  password: '',
  passwordConfirmation: '',
  acceptTerms: false,
};

/** The step a field belongs to, so that a server error brings the company back where to fix it. */
function stepOfField(path: string): FormStep {
  if (path === 'departmentCode') return 'department';
  if (path === 'siret' || path === 'name' || path.startsWith('address')) return 'identity';
  if (path === 'nafCode' || path === 'sector' || path === 'phone') return 'activity';
  if (path.startsWith('user')) return 'person';
  if (path.startsWith('password')) return 'password';
  return 'terms';
}

/**
 * The company sign-up in 7 steps (spec, section 2), one island: each step is checked with the shared
 * rules before the next, going back keeps what was typed, a valid SIRET prefills the company from the
 * register, and the last step says what happens next (an administrator validates the company).
 */
export function CompanySignUpWizard({ departments }: { departments: DepartmentChoice[] }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const { step, setStep, errors, setErrors, alert, pending, heading, goTo, showErrorsAt, send } = useWizard<
    Step | 'wrongDepartment'
  >('department', stepOfField);
  const [closedDepartment, setClosedDepartment] = useState<string | null>(null);
  const [lookup, setLookup] = useState<Lookup>('idle');
  const [addressMode, setAddressMode] = useState<'suggestions' | 'postcode'>('suggestions');
  const [postcode, setPostcode] = useState({ zipcode: '', city: '' });
  const [communes, setCommunes] = useState<Commune[]>([]);
  const lookupAbort = useRef<AbortController | null>(null);
  const communesAbort = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      lookupAbort.current?.abort();
      communesAbort.current?.abort();
    },
    [],
  );

  const update = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  const updateUser = (patch: Partial<Values['user']>) =>
    setValues((current) => ({ ...current, user: { ...current.user, ...patch } }));

  function chooseCommune(zipcode: string, commune: Commune | undefined) {
    setPostcode({ zipcode, city: commune?.city ?? '' });
    update({
      address: commune
        ? {
            label: `${zipcode} ${commune.city}`,
            zipcode,
            city: commune.city,
            lat: commune.lat,
            lng: commune.lng,
          }
        : null,
    });
  }

  async function findCommunes(zipcode: string) {
    communesAbort.current?.abort();
    setCommunes([]);
    chooseCommune(zipcode, undefined);
    if (!postcodeAddressSchema.shape.zipcode.safeParse(zipcode).success) return;
    const controller = new AbortController();
    communesAbort.current = controller;
    try {
      const data = await gqlRequest<{ communesOfPostcode: Commune[] }>(
        COMMUNES_OF_POSTCODE,
        { postcode: zipcode },
        'CommunesOfPostcode',
        { signal: controller.signal },
      );
      const found = data.communesOfPostcode;
      setCommunes(found);
      if (found.length === 1) chooseCommune(zipcode, found[0]);
      setErrors((current) => ({
        ...current,
        'postcode.zipcode': found.length === 0 ? COMPANY_MESSAGES.unknownPostcode : '',
      }));
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError;
      setErrors((current) => ({ ...current, 'postcode.zipcode': message }));
    }
  }

  function switchAddressMode(mode: 'suggestions' | 'postcode') {
    setAddressMode(mode);
    setErrors({});
    setCommunes([]);
    setPostcode({ zipcode: '', city: '' });
    update({ address: null });
  }

  function applyPrefill(prefill: Prefill) {
    const { address } = prefill;
    setValues((current) => ({
      ...current,
      name: prefill.name ?? current.name,
      nafCode: prefill.nafCode ?? current.nafCode,
      address:
        address?.lat != null && address.lng != null
          ? { ...address, lat: address.lat, lng: address.lng }
          : current.address,
    }));
    if (address && (address.lat == null || address.lng == null)) {
      setAddressMode('postcode');
      void findCommunes(address.zipcode);
    } else if (address) {
      setAddressMode('suggestions');
    }
  }

  async function lookUpSiret(siret: string) {
    lookupAbort.current?.abort();
    const parsed = siretSchema.safeParse(siret);
    if (!parsed.success) return setLookup('idle');
    const controller = new AbortController();
    lookupAbort.current = controller;
    setLookup('loading');
    try {
      const { companyIdentity } = await gqlRequest<{ companyIdentity: Prefill | null }>(
        COMPANY_IDENTITY,
        { siret: parsed.data },
        'CompanyIdentity',
        { signal: controller.signal },
      );
      if (companyIdentity?.alreadyRegistered) {
        setLookup('registered');
        return setErrors((current) => ({ ...current, siret: ERROR_MESSAGES.company_already_exists }));
      }
      setErrors((current) => ({ ...current, siret: '' }));
      if (!companyIdentity?.name) return setLookup('notFound');
      applyPrefill(companyIdentity);
      setLookup('found');
    } catch {
      // Prefilling is a convenience: without it, the company types its identity in.
      if (!controller.signal.aborted) setLookup('idle');
    }
  }

  function validateStep(current: FormStep): boolean {
    const result = companySignUpSteps[current].safeParse(values);
    const found = result.success ? {} : fieldErrors(result.error);
    if (current === 'identity') {
      if (lookup === 'registered') found.siret = ERROR_MESSAGES.company_already_exists;
      if (addressMode === 'postcode') {
        delete found.address;
        const typed = postcodeAddressSchema.safeParse(postcode);
        if (!typed.success) {
          for (const [field, message] of Object.entries(fieldErrors(typed.error))) {
            found[`postcode.${field}`] = message;
          }
        } else if (!values.address) {
          found['postcode.city'] = COMPANY_MESSAGES.chooseCommune;
        }
      }
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  async function submit() {
    const parsed = companySignUpSchema.safeParse(values);
    if (!parsed.success) return showErrorsAt(fieldErrors(parsed.error));
    const sent = await send(
      () => gqlRequest(SIGN_UP, { input: parsed.data }, 'SignUpCompany'),
      (error) => {
        if (error.code === 'wrong_department') {
          setClosedDepartment(String(error.extensions.departmentCode ?? values.departmentCode));
          goTo('wrongDepartment');
        } else if (error.code === 'company_already_exists') {
          setLookup('registered');
          setStep('identity');
          setErrors({ siret: error.message });
        } else if (error.code === 'email_already_exists' || error.code === 'cannot_create_ir_recruiter') {
          setStep('person');
          setErrors({ 'user.email': error.message });
        } else return false;
        return true;
      },
    );
    if (sent) goTo('done');
  }

  function next(event: FormEvent) {
    event.preventDefault();
    if (step === 'wrongDepartment' || step === 'done' || !validateStep(step)) return;
    if (step === 'department') {
      const department = departments.find((d) => d.code === values.departmentCode);
      setClosedDepartment(values.departmentCode);
      return goTo(department?.active ? 'identity' : 'wrongDepartment');
    }
    if (step === 'terms') return void submit();
    goTo(STEPS[STEPS.indexOf(step) + 1] as Step);
  }

  if (step === 'wrongDepartment') {
    return (
      <WrongDepartment
        department={departments.find((d) => d.code === closedDepartment)}
        headingRef={heading}
        onChooseAnother={() => goTo('department')}
        actions={<Button href={ROUTES.landingCompany}>Découvrir la plateforme</Button>}
      >
        Vous pourrez inscrire votre entreprise dès qu'elle y ouvrira.
      </WrongDepartment>
    );
  }

  const index = STEPS.indexOf(step);
  const counter = (
    <p className="text-sm font-semibold text-grey-text">
      Étape {index + 1} sur {STEPS.length}
    </p>
  );

  if (step === 'done') {
    return (
      <section className="flex flex-col gap-4" aria-labelledby="company-signup-done">
        <div>
          {counter}
          <h2 id="company-signup-done" ref={heading} tabIndex={-1}>
            {STEP_TITLES.done}
          </h2>
        </div>
        <p>
          Votre inscription est enregistrée. L'entreprise <strong>{values.name}</strong> sera visible sur
          Passerelle Industrie après validation par l'équipe de la plateforme.
        </p>
        <p>
          Vous recevrez un email à l'adresse <strong>{values.user.email}</strong> dès que votre entreprise
          sera validée : vous pourrez alors vous connecter et publier vos créneaux.
        </p>
        <div>
          <Button href={ROUTES.landingCompany} variant="outline">
            Retour à l'espace entreprise
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form method="post" noValidate onSubmit={next} className="flex flex-col gap-6">
      <StepHeading index={index} total={STEPS.length} title={STEP_TITLES[step]} headingRef={heading} />
      <FormAlert message={alert} />

      {step === 'department' && (
        <DepartmentListbox
          label="Département de votre entreprise"
          departments={departments}
          value={values.departmentCode}
          onChange={(departmentCode) => update({ departmentCode })}
          error={errors.departmentCode}
        />
      )}

      {step === 'identity' && (
        <>
          <div className="flex flex-col gap-2">
            <TextField
              label="SIRET"
              name="siret"
              inputMode="numeric"
              autoComplete="off"
              required
              hint="Les 14 chiffres de l'établissement qui accueillera les visites"
              value={values.siret}
              onChange={(e) => {
                const siret = e.currentTarget.value;
                update({ siret });
                setErrors((current) => ({ ...current, siret: '' }));
                void lookUpSiret(siret);
              }}
              error={errors.siret || undefined}
            />
            <p role="status" className={LOOKUP_STATUS[lookup] ? 'text-sm font-medium' : 'sr-only'}>
              {LOOKUP_STATUS[lookup]}
            </p>
            {lookup === 'registered' && (
              <p>
                Votre entreprise a déjà un compte ?{' '}
                <a className="link" href={ROUTES.loginCompany}>
                  Se connecter
                </a>
              </p>
            )}
          </div>
          <TextField
            label="Nom de l'entreprise"
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
                label="Adresse de l'entreprise"
                name="address"
                required
                value={values.address}
                onChange={(address) => update({ address })}
                error={errors.address}
              />
              <div>
                <Button variant="link" onClick={() => switchAddressMode('postcode')}>
                  Je ne trouve pas mon adresse
                </Button>
              </div>
            </div>
          ) : (
            <fieldset className="flex flex-col gap-4">
              <legend className="mb-2 font-semibold">Adresse de l'entreprise</legend>
              <p className="text-sm text-grey-text">
                Indiquez le code postal et la commune : votre entreprise sera placée au centre de la commune.
              </p>
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField
                  label="Code postal"
                  name="zipcode"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  required
                  value={postcode.zipcode}
                  onChange={(e) => void findCommunes(e.currentTarget.value.trim())}
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
                    chooseCommune(
                      postcode.zipcode,
                      communes.find((commune) => commune.city === city),
                    )
                  }
                  error={errors['postcode.city']}
                />
              </div>
              <div>
                <Button variant="link" onClick={() => switchAddressMode('suggestions')}>
                  Rechercher mon adresse dans la liste
                </Button>
              </div>
            </fieldset>
          )}
        </>
      )}

      {step === 'activity' && (
        <>
          <TextField
            label="Code NAF"
            name="nafCode"
            required
            hint="Format 25.62B : il figure sur l'avis de situation au répertoire SIRENE"
            value={values.nafCode}
            onChange={(e) => update({ nafCode: e.currentTarget.value })}
            error={errors.nafCode}
          />
          <Listbox
            label="Secteur d'activité"
            name="sector"
            required
            options={Object.entries(SECTOR_LABELS).map(([value, label]) => ({ value, label }))}
            value={values.sector}
            onChange={(sector) => update({ sector: sector as Sector })}
            error={errors.sector}
          />
          <TextField
            label="Téléphone de l'entreprise"
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
      )}

      {step === 'person' && (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Prénom"
              name="firstName"
              autoComplete="given-name"
              required
              value={values.user.firstName}
              onChange={(e) => updateUser({ firstName: e.currentTarget.value })}
              error={errors['user.firstName']}
            />
            <TextField
              label="Nom"
              name="lastName"
              autoComplete="family-name"
              required
              value={values.user.lastName}
              onChange={(e) => updateUser({ lastName: e.currentTarget.value })}
              error={errors['user.lastName']}
            />
          </div>
          <TextField
            label="Adresse email"
            type="email"
            name="email"
            autoComplete="email"
            required
            hint="Elle vous servira à vous connecter"
            value={values.user.email}
            onChange={(e) => updateUser({ email: e.currentTarget.value })}
            error={errors['user.email']}
          />
          <TextField
            label="Téléphone"
            type="tel"
            name="userPhone"
            autoComplete="tel"
            hint="Format 0XXXXXXXXX"
            value={values.user.phone}
            onChange={(e) => updateUser({ phone: e.currentTarget.value })}
            error={errors['user.phone']}
          />
        </>
      )}

      {step === 'password' && (
        <>
          <TextField
            label="Mot de passe"
            type="password"
            name="password"
            autoComplete="new-password"
            required
            hint={MESSAGES.passwordHint}
            value={values.password}
            onChange={(e) => update({ password: e.currentTarget.value })}
            error={errors.password}
          />
          <TextField
            label="Confirmation du mot de passe"
            type="password"
            name="passwordConfirmation"
            autoComplete="new-password"
            required
            value={values.passwordConfirmation}
            onChange={(e) => update({ passwordConfirmation: e.currentTarget.value })}
            error={errors.passwordConfirmation}
          />
        </>
      )}

      {step === 'terms' && (
        <TermsCheckbox
          checked={values.acceptTerms}
          onChange={(acceptTerms) => update({ acceptTerms })}
          error={errors.acceptTerms}
        />
      )}

      <WizardNavigation
        onBack={index > 0 ? () => goTo(STEPS[index - 1] as Step) : null}
        submitLabel={step === 'terms' ? 'Inscrire mon entreprise' : 'Continuer'}
        pending={pending}
      />
    </form>
  );
}

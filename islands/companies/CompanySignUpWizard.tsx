import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import { companySignUpSchema, companySignUpSteps } from '../../common/companies.ts';
import { ROUTES } from '../../common/routes.ts';
import { FormAlert } from '../accounts/FormAlert.tsx';
import { useWizard } from '../accounts/useWizard.ts';
import {
  DepartmentListbox,
  StepHeading,
  TermsCheckbox,
  WizardCarried,
  WizardNavigation,
} from '../accounts/WizardParts.tsx';
import { type DepartmentChoice, WrongDepartment } from '../accounts/WrongDepartment.tsx';
import { gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { ActivityStep, IdentityStep, PasswordStep, PersonStep, SignUpDone } from './CompanySignUpSteps.tsx';
import {
  COMPANY_ADDRESS,
  type CompanySignUpStart,
  type CompanySignUpValues,
  carriedInputs,
  FIRST_STEP,
  type FormStep,
  type Screen,
  STEP_TITLES,
  STEPS,
  type Step,
  stepOfField,
} from './company-sign-up.ts';
import { JoinRequestForm } from './JoinRequestForm.tsx';
import { useCompanyIdentity } from './useCompanyIdentity.ts';

const SIGN_UP = /* GraphQL */ `
  mutation SignUpCompany($input: CompanySignUpInput!) { signUpCompany(input: $input) { name status } }
`;

/**
 * The company sign-up in 7 steps (spec, section 2), one island: each step is checked with the shared
 * rules before the next, going back keeps what was typed, a valid SIRET prefills the company from the
 * register, and the last step says what happens next (an administrator validates the company). Each step
 * is also a plain form that the page handles without JavaScript (pages/signup-company/signup-post.ts):
 * `start` is where its post left the wizard. Holding only the password the server sealed, the island lets
 * the form post on as it would without JavaScript.
 */
export function CompanySignUpWizard({
  departments,
  start = FIRST_STEP,
}: {
  departments: DepartmentChoice[];
  start?: CompanySignUpStart;
}) {
  const [values, setValues] = useState<CompanySignUpValues>(start.values);
  const {
    step,
    setStep,
    errors,
    setErrors,
    alert,
    pending,
    heading,
    goTo,
    showErrorsAt,
    send,
    forgetCorrected,
  } = useWizard<Screen>(start, stepOfField);
  const [closedDepartment, setClosedDepartment] = useState<string | null>(start.closedDepartment);
  const identity = useCompanyIdentity(setValues, setErrors, start.lookup);
  const { addresses, passwordSeal } = start;
  const sealedOnly = Boolean(passwordSeal) && !values.password;
  const carried = (
    <WizardCarried step={step} fields={carriedInputs(step, values, addresses)} passwordSeal={passwordSeal} />
  );

  const rule = step in companySignUpSteps ? companySignUpSteps[step as FormStep] : undefined;
  // A corrected field loses its error at once; the others keep theirs until the next check.
  const update = (patch: Partial<CompanySignUpValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    forgetCorrected(Object.keys(patch), rule, next);
  };
  const updateUser = (patch: Partial<CompanySignUpValues['user']>) => {
    const next = { ...values, user: { ...values.user, ...patch } };
    setValues(next);
    forgetCorrected(
      Object.keys(patch).map((key) => `user.${key}`),
      rule,
      next,
    );
  };

  function validateStep(current: FormStep): boolean {
    const result = companySignUpSteps[current].safeParse(values);
    const found = result.success ? {} : fieldErrors(result.error);
    if (current === 'identity') identity.addIdentityErrors(found, values.address);
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
          identity.markRegistered();
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
    if (sealedOnly) return;
    event.preventDefault();
    if (step === 'wrongDepartment' || step === 'join' || step === 'done' || !validateStep(step)) return;
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
        carried={carried}
        actions={<Button href={ROUTES.landingCompany}>Découvrir la plateforme</Button>}
      >
        Vous pourrez inscrire votre entreprise dès qu’elle y ouvrira.
      </WrongDepartment>
    );
  }

  // A SIRET already registered: the person may ask to join that company's team instead (issue 21).
  if (step === 'join') {
    return (
      <JoinRequestForm
        siret={values.siret}
        companyName={values.name}
        initial={{
          ...values.user,
          password: values.password,
          passwordConfirmation: values.passwordConfirmation,
          acceptTerms: values.acceptTerms,
        }}
        onBack={() => goTo('identity')}
        carried={carried}
        posted={{ errors, alert }}
        sent={start.joinSent}
        passwordKept={Boolean(passwordSeal)}
      />
    );
  }

  const index = STEPS.indexOf(step);
  if (step === 'done') {
    return <SignUpDone index={index} total={STEPS.length} headingRef={heading} values={values} />;
  }

  const stepProps = { values, errors, update };
  return (
    <form method="post" noValidate onSubmit={next} className="flex flex-col gap-6">
      <StepHeading index={index} total={STEPS.length} title={STEP_TITLES[step]} headingRef={heading} />
      <FormAlert message={alert} />
      {carried}

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
        <IdentityStep
          {...stepProps}
          identity={identity}
          onJoin={() => goTo('join')}
          typedAddress={addresses[COMPANY_ADDRESS]}
        />
      )}
      {step === 'activity' && <ActivityStep {...stepProps} />}
      {step === 'person' && <PersonStep values={values} errors={errors} updateUser={updateUser} />}
      {step === 'password' && <PasswordStep {...stepProps} kept={Boolean(passwordSeal)} />}
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

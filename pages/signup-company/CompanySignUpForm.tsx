import { ROUTES } from '../../common/routes.ts';
import {
  COMPANY_ADDRESS,
  type CompanySignUpStart,
  carriedInputs,
  STEP_TITLES,
  STEPS,
  type Step,
} from '../../islands/companies/company-sign-up.ts';
import { Button } from '../../islands/ui/Button.tsx';
import { DepartmentListbox, StepForm, TermsCheckbox, WizardCarried } from '../layout/sign-up/WizardParts.tsx';
import { type DepartmentChoice, WrongDepartment } from '../layout/sign-up/WrongDepartment.tsx';
import { ActivityStep, IdentityStep, PasswordStep, PersonStep, SignUpDone } from './CompanySignUpSteps.tsx';
import { JoinRequestForm } from './JoinRequestForm.tsx';

/**
 * The company sign-up in 7 steps (spec, section 2), a light form a step (docs/decisions/0087, 0094): the page
 * renders the step where `start` is (pages/signup-company/signup-post.ts), the browser checks it with the
 * step's rule before it is posted, and the page answers with the next step, this one with its messages (a
 * SIRET found in the register fills the rest), the wrong-department screen, the request to join the company
 * of a SIRET already signed up, or the last step, which says what happens next.
 */
export function CompanySignUpForm({
  departments,
  start,
}: {
  departments: DepartmentChoice[];
  start: CompanySignUpStart;
}) {
  const { step, values, errors, alert, addresses, passwordSeal } = start;
  const carried = (
    <WizardCarried step={step} fields={carriedInputs(step, values, addresses)} passwordSeal={passwordSeal} />
  );

  if (step === 'wrongDepartment') {
    return (
      <WrongDepartment
        department={departments.find((d) => d.code === start.closedDepartment)}
        carried={carried}
        actions={<Button href={ROUTES.landingCompany}>Découvrir la plateforme</Button>}
      >
        Vous pourrez inscrire votre entreprise dès qu’elle y ouvrira.
      </WrongDepartment>
    );
  }

  // A SIRET already registered: the person may ask to join that company's team instead (issue 21).
  if (step === 'join') {
    return <JoinRequestForm start={start} carried={carried} />;
  }

  const index = STEPS.indexOf(step);
  if (step === 'done') return <SignUpDone index={index} total={STEPS.length} values={values} />;

  return (
    <StepForm
      rules="companySignUp"
      index={index}
      total={STEPS.length}
      title={STEP_TITLES[step]}
      posted={Boolean(start.posted)}
      alert={alert}
      carried={carried}
      submitLabel={(step as Step) === 'terms' ? 'Inscrire mon entreprise' : 'Continuer'}
    >
      {step === 'department' && (
        <DepartmentListbox
          label="Département de votre entreprise"
          departments={departments}
          value={values.departmentCode}
          error={errors.departmentCode}
        />
      )}
      {step === 'identity' && (
        <IdentityStep
          values={values}
          errors={errors}
          lookup={start.lookup}
          typedAddress={addresses[COMPANY_ADDRESS]}
        />
      )}
      {step === 'activity' && <ActivityStep values={values} errors={errors} />}
      {step === 'person' && <PersonStep values={values} errors={errors} />}
      {step === 'password' && <PasswordStep values={values} errors={errors} kept={Boolean(passwordSeal)} />}
      {step === 'terms' && <TermsCheckbox checked={values.acceptTerms} error={errors.acceptTerms} />}
    </StepForm>
  );
}

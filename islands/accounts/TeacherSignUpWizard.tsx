import { type FormEvent, useState } from 'react';
import {
  ESTABLISHMENT_TYPES,
  fieldErrors,
  PROFILE_TYPE_LABELS,
  SCHOOL_LEVEL_LABELS,
  schoolLevelsLegend,
  teacherSignUpSchema,
  teacherSignUpSteps,
} from '../../common/accounts.ts';
import type { ProfileType, SchoolLevel } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import { AddressField } from '../AddressField.tsx';
import { gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { Listbox } from '../ui/Listbox.tsx';
import { TextField } from '../ui/TextField.tsx';
import { FormAlert } from './FormAlert.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { PersonFields } from './PersonFields.tsx';
import {
  carriedInputs,
  ESTABLISHMENT_ADDRESS,
  FIRST_STEP,
  type Screen,
  STEP_TITLES,
  STEPS,
  type Step,
  stepOfField,
  type TeacherSignUpStart,
  type TeacherSignUpValues,
} from './teacher-sign-up.ts';
import { useWizard } from './useWizard.ts';
import {
  DepartmentListbox,
  StepHeading,
  TermsCheckbox,
  WizardCarried,
  WizardNavigation,
} from './WizardParts.tsx';
import { type DepartmentChoice, WrongDepartment } from './WrongDepartment.tsx';

const SIGN_UP = `mutation SignUpTeacher($input: TeacherSignUpInput!) { signUpTeacher(input: $input) { token } }`;

type Values = TeacherSignUpValues;

/**
 * The teacher sign-up in 4 steps (spec, section 2), one island: each step is checked with the shared
 * rules before the next, going back keeps what was typed, and an inactive department leads to the
 * wrong-department screen. Each step is also a plain form that the page handles without JavaScript
 * (pages/signup-teacher/signup-post.ts): `start` is where its post left the wizard. Holding only the
 * password the server sealed, the island lets the form post on as it would without JavaScript.
 */
export function TeacherSignUpWizard({
  departments,
  start = FIRST_STEP,
}: {
  departments: DepartmentChoice[];
  start?: TeacherSignUpStart;
}) {
  const [values, setValues] = useState<Values>(start.values);
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
  const { addresses, passwordSeal } = start;
  const sealedOnly = Boolean(passwordSeal) && !values.password;
  const carried = (
    <WizardCarried step={step} fields={carriedInputs(step, values, addresses)} passwordSeal={passwordSeal} />
  );
  const rule = step === 'wrongDepartment' ? undefined : teacherSignUpSteps[step];
  // A corrected field loses its error at once; the others keep theirs until the next check.
  const update = (patch: Partial<Values>) => {
    const next = { ...values, ...patch };
    setValues(next);
    forgetCorrected(Object.keys(patch), rule, next);
  };
  const updateEstablishment = (patch: Partial<Values['establishment']>) => {
    const next = { ...values, establishment: { ...values.establishment, ...patch } };
    setValues(next);
    forgetCorrected(
      Object.keys(patch).map((key) => `establishment.${key}`),
      rule,
      next,
    );
  };

  function validateStep(current: Step): boolean {
    const result = teacherSignUpSteps[current].safeParse(values);
    setErrors(result.success ? {} : fieldErrors(result.error));
    return result.success;
  }

  async function submit() {
    const parsed = teacherSignUpSchema.safeParse(values);
    if (!parsed.success) return showErrorsAt(fieldErrors(parsed.error));
    const sent = await send(
      () => gqlRequest(SIGN_UP, { input: parsed.data }),
      (error) => {
        if (error.code === 'wrong_department') goTo('wrongDepartment');
        else if (error.code === 'email_already_exists') {
          setStep('personal');
          setErrors({ email: error.message });
        } else return false;
        return true;
      },
    );
    if (sent) window.location.assign(ROUTES.homeTeacher);
  }

  function next(event: FormEvent) {
    if (sealedOnly) return;
    event.preventDefault();
    if (step === 'wrongDepartment' || !validateStep(step)) return;
    if (step === 'department') {
      const department = departments.find((d) => d.code === values.departmentCode);
      return goTo(department?.active ? 'personal' : 'wrongDepartment');
    }
    if (step === 'terms') return void submit();
    goTo(STEPS[STEPS.indexOf(step) + 1] as Step);
  }

  if (step === 'wrongDepartment') {
    return (
      <WrongDepartment
        department={departments.find((d) => d.code === values.departmentCode)}
        headingRef={heading}
        onChooseAnother={() => goTo('department')}
        carried={carried}
        actions={<Button href={ROUTES.searchCompanies}>Chercher une entreprise</Button>}
      >
        Vous pouvez déjà chercher des entreprises et revenir vous inscrire lorsqu’elle y ouvrira.
      </WrongDepartment>
    );
  }

  const index = STEPS.indexOf(step);
  return (
    <form method="post" noValidate onSubmit={next} className="flex flex-col gap-6">
      <StepHeading index={index} total={STEPS.length} title={STEP_TITLES[step]} headingRef={heading} />
      <FormAlert message={alert} />
      {carried}

      {step === 'department' && (
        <DepartmentListbox
          label="Département de votre établissement"
          departments={departments}
          value={values.departmentCode}
          onChange={(departmentCode) => update({ departmentCode })}
          error={errors.departmentCode}
        />
      )}

      {step === 'personal' && (
        <>
          <ChoiceGroup<ProfileType>
            legend="Vous êtes"
            name="profileType"
            required
            options={Object.entries(PROFILE_TYPE_LABELS).map(([value, label]) => ({
              value: value as ProfileType,
              label,
            }))}
            value={values.profileType}
            onChange={(profileType) => update({ profileType })}
            error={errors.profileType}
          />
          <PersonFields values={values} errors={errors} update={update} />
          <NewPasswordFields values={values} errors={errors} update={update} kept={Boolean(passwordSeal)} />
          <ChoiceGroup<SchoolLevel>
            legend={schoolLevelsLegend(values.profileType)}
            name="schoolLevels"
            multiple
            required={values.profileType === 'teacher'}
            options={Object.entries(SCHOOL_LEVEL_LABELS).map(([value, label]) => ({
              value: value as SchoolLevel,
              label,
            }))}
            value={values.schoolLevels}
            onChange={(schoolLevels) => update({ schoolLevels })}
            error={errors.schoolLevels}
          />
        </>
      )}

      {step === 'establishment' && (
        <>
          <TextField
            label="Nom de l’établissement"
            name="establishmentName"
            required
            value={values.establishment.name}
            onChange={(e) => updateEstablishment({ name: e.currentTarget.value })}
            error={errors['establishment.name']}
          />
          <Listbox
            label="Type d’établissement"
            name="establishmentType"
            required
            options={ESTABLISHMENT_TYPES.map((type) => ({ value: type, label: type }))}
            value={values.establishment.type}
            onChange={(type) => updateEstablishment({ type })}
            error={errors['establishment.type']}
          />
          <AddressField
            label="Adresse de l’établissement"
            name={ESTABLISHMENT_ADDRESS}
            required
            value={values.establishment.address}
            onChange={(address) => updateEstablishment({ address })}
            error={errors['establishment.address']}
            typed={addresses[ESTABLISHMENT_ADDRESS]}
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
        submitLabel={step === 'terms' ? 'Créer mon compte' : 'Continuer'}
        pending={pending}
      />
    </form>
  );
}

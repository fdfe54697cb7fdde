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
import { AddressField, type AddressValue } from '../AddressField.tsx';
import { gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { Listbox } from '../ui/Listbox.tsx';
import { TextField } from '../ui/TextField.tsx';
import { FormAlert } from './FormAlert.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { PersonFields } from './PersonFields.tsx';
import { useWizard } from './useWizard.ts';
import { DepartmentListbox, StepHeading, TermsCheckbox, WizardNavigation } from './WizardParts.tsx';
import { type DepartmentChoice, WrongDepartment } from './WrongDepartment.tsx';

const STEPS = ['department', 'personal', 'establishment', 'terms'] as const;
type Step = (typeof STEPS)[number];
const STEP_TITLES: Record<Step, string> = {
  department: 'Votre département',
  personal: 'Vos informations',
  establishment: 'Votre établissement',
  terms: 'Conditions d’utilisation',
};

const SIGN_UP = `mutation SignUpTeacher($input: TeacherSignUpInput!) { signUpTeacher(input: $input) { token } }`;

interface Values {
  departmentCode: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  profileType: ProfileType | null;
  schoolLevels: SchoolLevel[];
  establishment: { name: string; type: string; address: AddressValue | null };
  acceptTerms: boolean;
}

const EMPTY: Values = {
  departmentCode: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  profileType: 'teacher',
  schoolLevels: [],
  establishment: { name: '', type: '', address: null },
  acceptTerms: false,
};

/** The step a field belongs to, so that a server error brings the teacher back where to fix it. */
function stepOfField(path: string): Step {
  if (path === 'departmentCode') return 'department';
  if (path.startsWith('establishment')) return 'establishment';
  if (path === 'acceptTerms') return 'terms';
  return 'personal';
}

/**
 * The teacher sign-up in 4 steps (spec, section 2), one island: each step is checked with the shared
 * rules before the next, going back keeps what was typed, and an inactive department leads to the
 * wrong-department screen.
 */
export function TeacherSignUpWizard({ departments }: { departments: DepartmentChoice[] }) {
  const [values, setValues] = useState<Values>(EMPTY);
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
  } = useWizard<Step | 'wrongDepartment'>('department', stepOfField);
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
          <NewPasswordFields values={values} errors={errors} update={update} />
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
            name="establishmentAddress"
            required
            value={values.establishment.address}
            onChange={(address) => updateEstablishment({ address })}
            error={errors['establishment.address']}
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

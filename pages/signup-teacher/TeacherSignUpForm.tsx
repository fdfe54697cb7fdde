import {
  ESTABLISHMENT_TYPES,
  PROFILE_TYPE_LABELS,
  SCHOOL_LEVEL_LABELS,
  schoolLevelsLegend,
} from '../../common/accounts.ts';
import type { ProfileType, SchoolLevel } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import {
  carriedInputs,
  ESTABLISHMENT_ADDRESS,
  STEP_TITLES,
  STEPS,
  type TeacherSignUpStart,
} from '../../islands/accounts/teacher-sign-up.ts';
import { Button } from '../../islands/ui/Button.tsx';
import { ChoiceGroup } from '../../islands/ui/ChoiceGroup.tsx';
import { Listbox } from '../../islands/ui/Listbox.tsx';
import { TextField } from '../../islands/ui/TextField.tsx';
import { AddressIsland } from '../layout/AddressIsland.tsx';
import { NewPasswordFields } from '../layout/sign-up/NewPasswordFields.tsx';
import { PersonFields } from '../layout/sign-up/PersonFields.tsx';
import { DepartmentListbox, StepForm, TermsCheckbox, WizardCarried } from '../layout/sign-up/WizardParts.tsx';
import { type DepartmentChoice, WrongDepartment } from '../layout/sign-up/WrongDepartment.tsx';

/**
 * The teacher sign-up in 4 steps (spec, section 2), a light form a step (docs/decisions/0087, 0094): the page
 * renders the step where `start` is (pages/signup-teacher/signup-post.ts), the browser checks it with the
 * step's rule before it is posted, and the page answers with the next step, this one with its messages, or
 * the wrong-department screen. Going back keeps what was typed.
 */
export function TeacherSignUpForm({
  departments,
  start,
}: {
  departments: DepartmentChoice[];
  start: TeacherSignUpStart;
}) {
  const { step, values, errors, alert, addresses, passwordSeal } = start;
  const carried = (
    <WizardCarried step={step} fields={carriedInputs(step, values, addresses)} passwordSeal={passwordSeal} />
  );

  if (step === 'wrongDepartment') {
    return (
      <WrongDepartment
        department={departments.find((d) => d.code === values.departmentCode)}
        carried={carried}
        actions={<Button href={ROUTES.searchCompanies}>Chercher une entreprise</Button>}
      >
        Vous pouvez déjà chercher des entreprises et revenir vous inscrire lorsqu’elle y ouvrira.
      </WrongDepartment>
    );
  }

  const index = STEPS.indexOf(step);
  return (
    <StepForm
      rules="teacherSignUp"
      index={index}
      total={STEPS.length}
      title={STEP_TITLES[step]}
      posted={Boolean(start.posted)}
      alert={alert}
      carried={carried}
      submitLabel={step === 'terms' ? 'Créer mon compte' : 'Continuer'}
    >
      {step === 'department' && (
        <DepartmentListbox
          label="Département de votre établissement"
          departments={departments}
          value={values.departmentCode}
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
            error={errors.profileType}
          />
          <PersonFields values={values} errors={errors} />
          <NewPasswordFields values={values} errors={errors} kept={Boolean(passwordSeal)} />
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
            defaultValue={values.establishment.name}
            error={errors['establishment.name']}
          />
          <Listbox
            label="Type d’établissement"
            name="establishmentType"
            required
            options={ESTABLISHMENT_TYPES.map((type) => ({ value: type, label: type }))}
            defaultValue={values.establishment.type}
            error={errors['establishment.type']}
          />
          <AddressIsland
            label="Adresse de l’établissement"
            name={ESTABLISHMENT_ADDRESS}
            required
            defaultValue={values.establishment.address}
            error={errors['establishment.address']}
            typed={addresses[ESTABLISHMENT_ADDRESS]}
          />
        </>
      )}

      {step === 'terms' && <TermsCheckbox checked={values.acceptTerms} error={errors.acceptTerms} />}
    </StepForm>
  );
}

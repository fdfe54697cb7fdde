import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { fieldErrors, teacherSignUpSchema, teacherSignUpSteps } from '../../common/accounts.ts';
import { ROUTES } from '../../common/routes.ts';
import { WIZARD_BACK } from '../../islands/accounts/sign-up-steps.ts';
import {
  type Screen,
  STEPS,
  type Step,
  stepOfField,
  type TeacherSignUpStart,
  teacherValuesOf,
} from '../../islands/accounts/teacher-sign-up.ts';
import { signUpTeacher, startSession } from '../../server/accounts/index.ts';
import { parseInput } from '../../server/kernel/validation.ts';
import { formPostOf, refusalOf } from '../layout/form-post.ts';
import type { DepartmentChoice } from '../layout/sign-up/WrongDepartment.tsx';
import { postedPassword, postedStep } from '../layout/wizard-post.ts';

const SCREENS: readonly Screen[] = [...STEPS, 'wrongDepartment'];

/**
 * The teacher sign-up's steps posted without JavaScript (PRODUCT.md, HTML first; docs/decisions/0087): each
 * step checked with the wizard's own rule (every message at once), « Retour » without a check, an inactive
 * department to its screen, and the last step through `signUpTeacher` with the API's schema: the session
 * opened and the teacher's home, as the island does. Null for a GET; otherwise where the wizard starts again.
 */
export async function plainTeacherSignUp(
  pageContext: PageContextServer,
  departments: DepartmentChoice[],
): Promise<TeacherSignUpStart | null> {
  const post = await formPostOf(pageContext);
  if (!post) return null;
  const current = postedStep(post, SCREENS);
  const { password, seal } = await postedPassword(pageContext, post);
  const values = teacherValuesOf(post, password);
  const at = (step: Screen, errors: Record<string, string> = {}, alert: string | null = null) => ({
    step,
    values: { ...values, password: '' },
    errors,
    alert,
    addresses: post.addresses,
    passwordSeal: seal,
    posted: true,
  });

  if (current === 'wrongDepartment') return at('department');
  const index = STEPS.indexOf(current);
  if (post.intent === WIZARD_BACK) return at(STEPS[Math.max(index - 1, 0)] as Step);
  const checked = teacherSignUpSteps[current].safeParse(values);
  if (!checked.success) return at(current, fieldErrors(checked.error));
  if (current === 'department') {
    const open = departments.some((d) => d.code === values.departmentCode && d.active);
    return at(open ? 'personal' : 'wrongDepartment');
  }
  if (current !== 'terms') return at(STEPS[index + 1] as Step);

  const { deps } = pageContext;
  const c = pageContext.runtime.hono;
  const refusal = await refusalOf(post, async () => {
    const input = parseInput(teacherSignUpSchema, values);
    const teacher = await signUpTeacher({ ...input, clientIp: c.get('clientIp') }, deps);
    await startSession(c, teacher.id);
  });
  if (!refusal) throw redirect(ROUTES.homeTeacher);
  if (refusal.code === 'wrong_department') return at('wrongDepartment');
  if (refusal.code === 'email_already_exists') return at('personal', { email: refusal.alert ?? '' });
  const [first] = Object.keys(refusal.errors);
  if (first) return at(stepOfField(first), refusal.errors);
  return at('terms', {}, refusal.alert);
}

import type { TeacherSignUp } from '../../common/accounts.ts';
import { departmentOfZipcode } from '../../common/territory.ts';
import { establishments, users } from '../../db/schema/accounts.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';
import { enqueueMail } from '../mail/index.ts';
import { isDepartmentActive } from '../territory/index.ts';
import { accountMails } from './mails.ts';
import { hashPassword } from './password.ts';
import { findUserByEmail, isUniqueViolation, type UserRow } from './users.ts';

/**
 * A teacher signs up (4 steps, checked again here as a whole): the department must be open, the e-mail
 * new. The establishment, the account and the welcome e-mail are written together or not at all.
 */
export async function signUpTeacher(
  input: TeacherSignUp & { clientIp: string },
  deps: Deps,
): Promise<UserRow> {
  const { db } = deps;
  const now = deps.clock.now();
  await deps.rateLimiter.consume([`signup:ip:${input.clientIp}`], RATE_LIMITS.signUp, now);
  if (!(await isDepartmentActive(db, input.departmentCode))) throw new AppError('wrong_department');
  if (await findUserByEmail(db, input.email)) throw new AppError('email_already_exists');

  const passwordHash = await hashPassword(input.password);
  const { address } = input.establishment;
  try {
    return await db.transaction(async (tx) => {
      const [establishment] = await tx
        .insert(establishments)
        .values({
          name: input.establishment.name,
          type: input.establishment.type,
          ...address,
          departmentCode: departmentOfZipcode(address.zipcode),
          createdAt: now,
        })
        .returning({ id: establishments.id });
      const [teacher] = await tx
        .insert(users)
        .values({
          kind: 'teacher',
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone ?? null,
          departmentCode: input.departmentCode,
          profileType: input.profileType,
          schoolLevels: input.schoolLevels,
          establishmentId: establishment?.id,
          sectors: [],
          jobs: [],
          createdAt: now,
        })
        .returning();
      if (!teacher) throw new Error('teacher not inserted');
      await enqueueMail(
        tx,
        accountMails.teacherWelcome,
        {
          to: teacher.email,
          data: { firstName: teacher.firstName, loginUrl: `${deps.config.PUBLIC_URL}/login-teacher` },
        },
        now,
      );
      return teacher;
    });
  } catch (error) {
    // Two sign-ups with one e-mail at the same instant: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('email_already_exists');
    throw error;
  }
}

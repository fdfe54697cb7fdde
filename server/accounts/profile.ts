import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  missingSchoolLevels,
  type nameBlock,
  type teacherProfileBlocks,
} from '../../common/accounts.ts';
import { MESSAGES } from '../../common/messages.ts';
import { departmentOfZipcode } from '../../common/territory.ts';
import { establishments, sessions, users } from '../../db/schema/accounts.ts';
import { jobIdsOf, listJobs } from '../jobs/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { requireKind } from '../permissions.ts';
import { pendingEmailOf } from './email-change.ts';
import { hashPassword } from './password.ts';
import { checkPassword } from './password-check.ts';
import { requireRecruitmentToken } from './recruitment-token.ts';
import { findUserById, type UserRow } from './users.ts';

type Block<K extends keyof typeof teacherProfileBlocks> = z.infer<(typeof teacherProfileBlocks)[K]>;

async function reread(deps: Deps, userId: number): Promise<UserRow> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('NOT_FOUND');
  return user;
}

/** What companies see of the teacher. */
export async function updatePublicProfile(viewer: Viewer | null, input: Block<'public'>, deps: Deps) {
  const teacher = requireKind(viewer, 'teacher');
  await deps.db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, description: input.description || null })
    .where(eq(users.id, teacher.id));
  return reread(deps, teacher.id);
}

/** A teacher's or a recruiter's first and last name (a recruiter's profile has no public part). */
export async function updateName(viewer: Viewer | null, input: z.infer<typeof nameBlock>, deps: Deps) {
  const caller = requireKind(viewer, 'teacher', 'recruiter');
  await deps.db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName })
    .where(eq(users.id, caller.id));
  return reread(deps, caller.id);
}

/**
 * A teacher's, a recruiter's or an operator's own password. Needs the current one (limited tries); every
 * session of the account ends (PRODUCT.md), the caller then gets a new one (the resolver opens it) so that
 * changing one's password does not log oneself out.
 * A recruiter's password is the recruitment site's (decision 0031): the built-in site keeps it in the
 * user's row, so it changes here, with the site's access token as for the e-mail (0024), and the site's
 * refresh tokens end with the sessions; an outside site keeps its own, which the platform cannot change.
 */
export async function changePassword(
  viewer: Viewer | null,
  input: Block<'password'> & { clientIp: string; recruitmentToken?: string | undefined },
  deps: Deps,
): Promise<void> {
  const caller = requireKind(viewer, 'teacher', 'recruiter', 'admin');
  if (caller.kind === 'recruiter') {
    if (deps.config.RECRUITMENT_SITE !== 'builtin') throw new AppError('password_on_recruitment_site');
    await requireRecruitmentToken(caller, input.recruitmentToken, deps);
  }
  const user = await reread(deps, caller.id);
  await checkPassword(deps, user, input.currentPassword, input.clientIp);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
  });
  if (caller.kind === 'recruiter') await deps.recruitmentSite.revokeAll(user.email);
}

/** The teacher's establishment (their own row, created at sign-up) and the levels they teach. */
export async function updateEstablishment(viewer: Viewer | null, input: Block<'establishment'>, deps: Deps) {
  const teacher = requireKind(viewer, 'teacher');
  const user = await reread(deps, teacher.id);
  if (!user.establishmentId) throw new AppError('NOT_FOUND');
  if (missingSchoolLevels(user.profileType ?? 'teacher', input.schoolLevels)) {
    throw invalidInput({ schoolLevels: ACCOUNT_MESSAGES.schoolLevels });
  }
  const { address } = input;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(establishments)
      .set({
        name: input.name,
        type: input.type,
        ...address,
        departmentCode: departmentOfZipcode(address.zipcode),
      })
      .where(eq(establishments.id, user.establishmentId as number));
    await tx.update(users).set({ schoolLevels: input.schoolLevels }).where(eq(users.id, user.id));
  });
  return reread(deps, user.id);
}

/** Suggestion criteria: sectors, and jobs from the platform's list. */
export async function updateCriteria(viewer: Viewer | null, input: Block<'criteria'>, deps: Deps) {
  const teacher = requireKind(viewer, 'teacher');
  if (!(await jobIdsOf(deps.db, input.jobs))) throw invalidInput({ jobs: MESSAGES.jobsFromList });
  await deps.db
    .update(users)
    .set({ sectors: [...new Set(input.sectors)], jobs: [...new Set(input.jobs)] })
    .where(eq(users.id, teacher.id));
  return reread(deps, teacher.id);
}

/** Which address suggestions are measured from, and the weekly e-mail. */
export async function updatePreferences(viewer: Viewer | null, input: Block<'preferences'>, deps: Deps) {
  const teacher = requireKind(viewer, 'teacher');
  const reference = input.useEstablishmentAddress ? null : input.referenceAddress;
  await deps.db
    .update(users)
    .set({
      useEstablishmentAddress: input.useEstablishmentAddress,
      weeklyMail: input.weeklyMail,
      referenceLabel: reference?.label ?? null,
      referenceZipcode: reference?.zipcode ?? null,
      referenceCity: reference?.city ?? null,
      referenceLat: reference?.lat ?? null,
      referenceLng: reference?.lng ?? null,
    })
    .where(eq(users.id, teacher.id));
  return reread(deps, teacher.id);
}

/** The teacher's profile as /my-profile shows it, blocks pre-filled, with the jobs to choose from. */
export async function myTeacherProfile(viewer: Viewer | null, deps: Deps) {
  const teacher = requireKind(viewer, 'teacher');
  const user = await findUserById(deps.db, teacher.id);
  if (!user?.establishmentId) return null;
  const [[establishment], jobs, pendingEmail] = await Promise.all([
    deps.db.select().from(establishments).where(eq(establishments.id, user.establishmentId)),
    listJobs(deps.db),
    pendingEmailOf(deps.db, user.id, deps.clock.now()),
  ]);
  if (!establishment) return null;
  const hasReference = user.referenceLabel && user.referenceLat != null && user.referenceLng != null;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    description: user.description ?? '',
    email: user.email,
    pendingEmail,
    phone: user.phone ?? '',
    profileType: user.profileType ?? 'teacher',
    establishment: {
      name: establishment.name,
      type: establishment.type,
      address: {
        label: establishment.label ?? '',
        zipcode: establishment.zipcode ?? '',
        city: establishment.city ?? '',
        lat: establishment.lat ?? 0,
        lng: establishment.lng ?? 0,
      },
    },
    schoolLevels: user.schoolLevels ?? [],
    sectors: user.sectors ?? [],
    jobs: user.jobs ?? [],
    useEstablishmentAddress: user.useEstablishmentAddress,
    referenceAddress: hasReference
      ? {
          label: user.referenceLabel ?? '',
          zipcode: user.referenceZipcode ?? '',
          city: user.referenceCity ?? '',
          lat: user.referenceLat ?? 0,
          lng: user.referenceLng ?? 0,
        }
      : null,
    weeklyMail: user.weeklyMail,
    jobChoices: jobs.map((job) => job.label),
  };
}

/** The recruiter's own profile as /my-profile shows it; `passwordHere` is false with an outside site. */
export async function myRecruiterProfile(viewer: Viewer | null, deps: Deps) {
  const recruiter = requireKind(viewer, 'recruiter');
  const user = await reread(deps, recruiter.id);
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    pendingEmail: await pendingEmailOf(deps.db, user.id, deps.clock.now()),
    phone: user.phone ?? '',
    passwordHere: deps.config.RECRUITMENT_SITE === 'builtin',
  };
}

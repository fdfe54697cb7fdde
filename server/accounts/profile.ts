import { and, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, missingSchoolLevels, type teacherProfileBlocks } from '../../common/accounts.ts';
import { departmentOfZipcode } from '../../common/territory.ts';
import type { Db } from '../../db/client.ts';
import { establishments, jobs, sessions, users } from '../../db/schema.ts';
import { AppError, invalidInput } from '../errors.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { findUserById, isUniqueViolation, type UserRow } from './users.ts';

type Block<K extends keyof typeof teacherProfileBlocks> = z.infer<(typeof teacherProfileBlocks)[K]>;

async function updated(db: Db, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND');
  return user;
}

/** What companies see of the teacher. */
export async function updatePublicProfile(db: Db, userId: number, input: Block<'public'>) {
  await db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, description: input.description || null })
    .where(eq(users.id, userId));
  return updated(db, userId);
}

export async function updateContact(db: Db, userId: number, input: Block<'contact'>) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, input.email), ne(users.id, userId)));
  if (taken) throw new AppError('email_already_exists');
  try {
    await db
      .update(users)
      .set({ email: input.email, phone: input.phone ?? null })
      .where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('email_already_exists');
    throw error;
  }
  return updated(db, userId);
}

/**
 * Needs the current password; every session of the account ends (PRODUCT.md), the caller then gets a new
 * one so that changing one's password does not log oneself out.
 */
export async function changePassword(db: Db, userId: number, input: Block<'password'>) {
  const user = await updated(db, userId);
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw invalidInput({ currentPassword: 'Le mot de passe actuel est incorrect' });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

/** The teacher's establishment (their own row, created at sign-up) and the levels they teach. */
export async function updateEstablishment(db: Db, userId: number, input: Block<'establishment'>) {
  const user = await updated(db, userId);
  if (!user.establishmentId) throw new AppError('NOT_FOUND');
  if (missingSchoolLevels(user.profileType ?? 'teacher', input.schoolLevels)) {
    throw invalidInput({ schoolLevels: ACCOUNT_MESSAGES.schoolLevels });
  }
  const { address } = input;
  await db.transaction(async (tx) => {
    await tx
      .update(establishments)
      .set({
        name: input.name,
        type: input.type,
        ...address,
        departmentCode: departmentOfZipcode(address.zipcode),
      })
      .where(eq(establishments.id, user.establishmentId as number));
    await tx.update(users).set({ schoolLevels: input.schoolLevels }).where(eq(users.id, userId));
  });
  return updated(db, userId);
}

/** Suggestion criteria: sectors, and jobs from the platform's list. */
export async function updateCriteria(db: Db, userId: number, input: Block<'criteria'>) {
  const known = input.jobs.length
    ? await db.select({ label: jobs.label }).from(jobs).where(inArray(jobs.label, input.jobs))
    : [];
  if (known.length !== new Set(input.jobs).size)
    throw invalidInput({ jobs: 'Choisissez des métiers de la liste' });
  await db
    .update(users)
    .set({ sectors: [...new Set(input.sectors)], jobs: [...new Set(input.jobs)] })
    .where(eq(users.id, userId));
  return updated(db, userId);
}

/** Which address suggestions are measured from, and the weekly e-mail. */
export async function updatePreferences(db: Db, userId: number, input: Block<'preferences'>) {
  const reference = input.useEstablishmentAddress ? null : input.referenceAddress;
  await db
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
    .where(eq(users.id, userId));
  return updated(db, userId);
}

/** The teacher's profile as its page shows it, blocks pre-filled. */
export async function teacherProfile(db: Db, userId: number) {
  const user = await findUserById(db, userId);
  if (user?.kind !== 'teacher' || !user.establishmentId) return null;
  const [establishment] = await db
    .select()
    .from(establishments)
    .where(eq(establishments.id, user.establishmentId));
  if (!establishment) return null;
  const hasReference = user.referenceLabel && user.referenceLat != null && user.referenceLng != null;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    description: user.description ?? '',
    email: user.email,
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
  };
}

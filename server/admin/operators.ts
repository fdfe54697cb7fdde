import { z } from 'zod';
import { emailField } from '../../common/accounts.ts';
import { compareFrench } from '../../common/text.ts';
import { REGIONS, regionName } from '../../db/reference/departments.ts';
import {
  createOperator,
  findUserByEmail,
  findUserById,
  listOperators,
  removeOperatorAccount,
  sendPasswordLink,
} from '../accounts/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { requireKind, requireNationalAdmin } from '../permissions.ts';
import { recordAudit } from './audit.ts';

export const inviteOperatorSchema = z
  .object({
    email: emailField,
    scope: z.enum(['national', 'regional']),
    regionCode: z.string().trim().nullish(),
  })
  .refine((input) => input.scope === 'national' || (input.regionCode && REGIONS[input.regionCode]), {
    path: ['regionCode'],
    error: 'Choisissez la région de l’opérateur',
  });

/** The operators, for the national administrators: who they are and where they act. */
export async function operators(viewer: Viewer | null, deps: Deps) {
  requireNationalAdmin(viewer);
  return (await listOperators(deps.db)).map((user) => ({
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    regionCode: user.operatorRegion,
    regionName: regionName(user.operatorRegion),
    /** Invited, and has not chosen a password yet. */
    pending: user.passwordHash === null,
  }));
}

/**
 * A national administrator invites an operator (API.md, inviteOperator): national, or for a region. The
 * account is made without a password; the invitation's link (a week) lets them choose one. Inviting again
 * someone who has not answered sends a new link; an address already used by another account is refused.
 */
export async function inviteOperator(
  viewer: Viewer | null,
  input: z.infer<typeof inviteOperatorSchema>,
  deps: Deps,
): Promise<void> {
  const admin = requireNationalAdmin(viewer);
  const regionCode = input.scope === 'regional' ? (input.regionCode ?? null) : null;
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing && !(existing.kind === 'admin' && existing.passwordHash === null && !existing.anonymizedAt)) {
    throw new AppError('email_already_exists');
  }
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const operator =
      existing ??
      (await createOperator(tx, {
        email: input.email,
        regionCode,
        lastName: regionCode ? `CST ${regionName(regionCode)}` : 'Passerelle Industrie',
        now,
      }));
    await sendPasswordLink(tx, deps, operator, {
      kind: 'invitation',
      regionName: regionName(operator.operatorRegion),
    });
    await recordAudit(
      tx,
      admin,
      {
        action: existing ? 'operator.reinvited' : 'operator.invited',
        target: operator.email,
        regionCode: operator.operatorRegion,
        subject: { kind: 'user', id: operator.id },
      },
      now,
    );
  });
}

/** A national administrator removes an operator (never themselves): the account can no longer log in. */
export async function removeOperator(
  viewer: Viewer | null,
  input: { id: number },
  deps: Deps,
): Promise<void> {
  const admin = requireNationalAdmin(viewer);
  if (input.id === admin.id) throw invalidInput({ id: 'Vous ne pouvez pas retirer votre propre accès.' });
  const operator = await findUserById(deps.db, input.id);
  if (operator?.kind !== 'admin' || operator.anonymizedAt) throw new AppError('NOT_FOUND');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await removeOperatorAccount(tx, operator.id, now);
    await recordAudit(
      tx,
      admin,
      {
        action: 'operator.removed',
        target: operator.email,
        regionCode: operator.operatorRegion,
        subject: { kind: 'user', id: operator.id },
      },
      now,
    );
  });
}

/** The regions an operator may be invited for, by name. */
export function regionChoices(): { code: string; name: string }[] {
  return Object.entries(REGIONS)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => compareFrench(a.name, b.name));
}

/** An operator's own account page: their login address and where they act. */
export async function ownAccount(viewer: Viewer | null, deps: Deps) {
  const operator = requireKind(viewer, 'admin');
  const user = await findUserById(deps.db, operator.id);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return { email: user.email, regionName: regionName(user.operatorRegion) };
}

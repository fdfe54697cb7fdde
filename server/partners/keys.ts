import { z } from 'zod';
import { emailField } from '../../common/accounts.ts';
import { PARTNER_KEY_MESSAGES } from '../../common/partner-keys.ts';
import { PARTNER_KEY_PREFIX, PARTNER_SCOPES } from '../../common/partners.ts';
import { singleLineText, TEXT_MAX } from '../../common/text.ts';
import { REGIONS, regionName } from '../../db/reference/departments.ts';
import { randomToken, sha256Hex } from '../accounts/index.ts';
import { recordAudit } from '../admin/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { PartnerViewer } from '../kernel/partner.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { isNationalAdmin } from '../permissions.ts';
import {
  insertPartnerKey,
  keyBySecretHash,
  listPartnerKeys,
  type PartnerKeyRow,
  revokeKey,
  touchKey,
} from './queries.ts';

/** The key's last use is written at most once a minute: a busy key costs one write a minute, not one a request. */
export const LAST_USE_PRECISION_MS = 60_000;

/** A new key as the back-office's form and `createPartnerKey` give it (API.md, PartnerKeyInput). */
export const partnerKeyInputSchema = z.object({
  name: singleLineText(TEXT_MAX.companyName),
  contactEmail: emailField,
  scopes: z
    .array(z.enum(PARTNER_SCOPES), { error: PARTNER_KEY_MESSAGES.scopesRequired })
    .min(1, { error: PARTNER_KEY_MESSAGES.scopesRequired })
    .transform((scopes) => [...new Set(scopes)]),
  regionCodes: z
    .array(z.string().trim())
    .nullish()
    .transform((codes) => [...new Set(codes ?? [])].filter(Boolean).sort())
    .refine((codes) => codes.every((code) => Object.hasOwn(REGIONS, code)), {
      error: PARTNER_KEY_MESSAGES.unknownRegion,
    }),
});
export type PartnerKeyInput = z.infer<typeof partnerKeyInputSchema>;

/** A key as the back-office and the API show it: never its secret, which is not kept. */
export interface PartnerKeyView {
  id: number;
  name: string;
  contactEmail: string;
  scopes: PartnerKeyRow['scopes'];
  regionCodes: string[];
  /** The regions' names, in the order of their codes. */
  regionNames: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const viewOf = (row: PartnerKeyRow): PartnerKeyView => ({
  id: row.id,
  name: row.name,
  contactEmail: row.contactEmail,
  scopes: row.scopes,
  regionCodes: row.regionCodes,
  regionNames: row.regionCodes.map((code) => regionName(code) ?? code),
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
  revokedAt: row.revokedAt,
});

/** The national administrators alone (API.md, Fourth wave); anyone else is told nothing exists, as for operations. */
function requireKeysViewer(viewer: Viewer | null): Viewer {
  if (!viewer || !isNationalAdmin(viewer)) throw new AppError('NOT_FOUND');
  return viewer;
}

/** Every partner key, the latest first (`partnerKeys`, /admin/partners). */
export async function partnerKeysFor(viewer: Viewer | null, deps: Deps): Promise<PartnerKeyView[]> {
  requireKeysViewer(viewer);
  return (await listPartnerKeys(deps.db)).map(viewOf);
}

/**
 * A national administrator makes a key (`createPartnerKey`): its secret, `pk_` and 32 random bytes, is
 * answered this once and kept only as its SHA-256, which is enough to find the key again from the secret
 * and worth nothing to whoever reads the database. Audited in the same write.
 */
export async function createPartnerKey(
  viewer: Viewer | null,
  input: PartnerKeyInput,
  deps: Deps,
): Promise<{ key: PartnerKeyView; secret: string }> {
  const admin = requireKeysViewer(viewer);
  const secret = `${PARTNER_KEY_PREFIX}${randomToken(32)}`;
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertPartnerKey(tx, {
      name: input.name,
      contactEmail: input.contactEmail,
      scopes: input.scopes,
      regionCodes: input.regionCodes,
      secretHash: sha256Hex(secret),
      createdBy: admin.id,
      createdAt: now,
    });
    await recordAudit(
      tx,
      admin,
      { action: 'partnerKey.created', target: created.name, details: created.scopes.join(', ') },
      now,
    );
    return created;
  });
  return { key: viewOf(row), secret };
}

/**
 * Revokes a key at once (`revokePartnerKey`): its next request is refused (the secret is checked against the
 * table on every request, nothing keeps it). Revoking a revoked key changes nothing; audited once.
 */
export async function revokePartnerKey(
  viewer: Viewer | null,
  input: { id: number },
  deps: Deps,
): Promise<PartnerKeyView> {
  const admin = requireKeysViewer(viewer);
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const revoked = await revokeKey(tx, input.id, now);
    if (revoked?.revokedAt?.getTime() === now.getTime()) {
      await recordAudit(tx, admin, { action: 'partnerKey.revoked', target: revoked.name }, now);
    }
    return revoked;
  });
  if (!row) throw new AppError('NOT_FOUND');
  return viewOf(row);
}

/**
 * The partner behind a secret sent as a bearer token, or null when no live key has it (unknown, revoked).
 * Its last use is written when the one stored is a minute old or more (LAST_USE_PRECISION_MS).
 */
export async function partnerOfSecret(secret: string, deps: Deps): Promise<PartnerViewer | null> {
  const row = await keyBySecretHash(deps.db, sha256Hex(secret));
  if (!row || row.revokedAt) return null;
  const now = deps.clock.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USE_PRECISION_MS) {
    await touchKey(deps.db, row.id, now, new Date(now.getTime() - LAST_USE_PRECISION_MS));
  }
  return {
    id: row.id,
    name: row.name,
    contactEmail: row.contactEmail,
    scopes: row.scopes,
    regionCodes: row.regionCodes,
  };
}

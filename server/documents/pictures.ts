import { and, eq } from 'drizzle-orm';
import { PICTURE_MAX_PIXELS, PICTURE_MESSAGES, pictureFormatOf } from '../../common/pictures.ts';
import { documents } from '../../db/schema/documents.ts';
import { type CompanyRow, companyRowById, setPictureDocument } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import { PictureResizingUnavailable, UnreadableImage } from '../kernel/ports/pictures.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { canSeeCompany, requireRecruiter } from '../permissions.ts';
import { imageDimensions, webSize } from './resize.ts';
import { discardFile, findDocument, putFile } from './store.ts';

const isPictureOf = (companyId: number) =>
  and(eq(documents.ownerKind, 'company'), eq(documents.ownerId, companyId), eq(documents.purpose, 'picture'));

/**
 * The recruiter's company gets a new picture (PRODUCT.md, Accounts and Limits): JPEG, PNG or WebP by its
 * content, 1 MB at most (the form's rule), 16 megapixels at most (read from its header before decoding).
 * Its web size is stored (decision 0030); in one transaction the previous picture's row goes, the new row
 * is written and the company points at it; then the previous file is deleted. A failure before the commit
 * deletes the new file.
 */
export async function setCompanyPicture(
  viewer: Viewer | null,
  input: { file: File },
  deps: Deps,
): Promise<CompanyRow> {
  const { companyId } = requireRecruiter(viewer);
  const original = new Uint8Array(await input.file.arrayBuffer());
  const format = pictureFormatOf(original);
  if (!format) throw invalidInput({ file: PICTURE_MESSAGES.unsupportedType });
  const size = imageDimensions(original, format);
  if (!size || size.width === 0 || size.height === 0)
    throw invalidInput({ file: PICTURE_MESSAGES.unreadable });
  if (size.width * size.height > PICTURE_MAX_PIXELS)
    throw invalidInput({ file: PICTURE_MESSAGES.tooManyPixels });
  let web: Uint8Array;
  try {
    web = await deps.pictures.webJpeg(original, webSize(size.width, size.height));
  } catch (error) {
    if (error instanceof UnreadableImage) throw invalidInput({ file: PICTURE_MESSAGES.unreadable });
    if (error instanceof PictureResizingUnavailable) throw new AppError('file_storage_unavailable');
    throw error;
  }

  const storageKey = `companies/${companyId}/picture/${crypto.randomUUID()}.jpg`;
  await putFile(deps, storageKey, web, 'image/jpeg');
  let replaced: string[] = [];
  let company: CompanyRow | null;
  try {
    company = await deps.db.transaction(async (tx) => {
      const previous = await tx
        .delete(documents)
        .where(isPictureOf(companyId))
        .returning({ storageKey: documents.storageKey });
      replaced = previous.map((row) => row.storageKey);
      const [row] = await tx
        .insert(documents)
        .values({
          ownerKind: 'company',
          ownerId: companyId,
          purpose: 'picture',
          title: 'Image de l’entreprise',
          fileName: 'image.jpg',
          mimeType: 'image/jpeg',
          sizeBytes: web.length,
          storageKey,
          createdAt: deps.clock.now(),
        })
        .returning({ id: documents.id });
      if (!row) throw new Error('picture row not written');
      return setPictureDocument(tx, companyId, row.id);
    });
  } catch (error) {
    await discardFile(deps, storageKey);
    throw error;
  }
  for (const key of replaced) await discardFile(deps, key);
  if (!company) throw new AppError('NOT_FOUND');
  return company;
}

/**
 * A company's picture, for whoever may see the company; null otherwise (a 404 that says nothing).
 * `shared` says whether any cache may keep it: only a validated company's picture is public.
 */
export async function readCompanyPicture(viewer: Viewer | null, input: { id: number }, deps: Deps) {
  const document = await findDocument(deps.db, input.id);
  if (document?.ownerKind !== 'company' || document.purpose !== 'picture') return null;
  const company = await companyRowById(deps.db, document.ownerId);
  if (!company || !canSeeCompany(viewer, company)) return null;
  const stored = await deps.files.get(document.storageKey);
  if (!stored) {
    deps.log.error('picture file missing', { id: document.id });
    return null;
  }
  return { document, stored, shared: company.status === 'validated' };
}

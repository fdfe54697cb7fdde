import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { contactCompanySchema } from '../../common/search.ts';
import { companyUrl } from '../../islands/discovery/CompanyCard.tsx';
import {
  CONTACT_COMPANY_ANCHOR,
  CONTACT_COMPANY_CLOSED,
  CONTACT_COMPANY_INTENT,
  type ContactCompanyProps,
} from '../../islands/discovery/ContactCompany.tsx';
import { contactCompany } from '../../server/contact/index.ts';
import { AppError } from '../../server/kernel/errors.ts';
import { formPostOf, refusalOf, validFormOf } from '../layout/form-post.ts';

/**
 * « Contacter l’entreprise » without JavaScript (issue 22): `?ecrire=1` shows the form in the card, its post
 * is the same use case as `contactCompany`, then the page says the message is sent (`?message=envoye`,
 * post/redirect/get); a refusal keeps the text. Kept out of the page's `+data.ts`, which only calls it.
 */
export async function plainContactCompany(
  pageContext: PageContextServer,
  companyId: number,
): Promise<ContactCompanyProps['plain']> {
  const { viewer, deps } = pageContext;
  const { ecrire, message } = pageContext.urlParsed.search;
  const post = await formPostOf(pageContext);
  if (post?.intent !== CONTACT_COMPANY_INTENT) {
    return { open: ecrire === '1', sent: message === 'envoye', posted: null };
  }
  const refusal = await refusalOf(post, async () => {
    const input = await validFormOf(pageContext, contactCompanySchema);
    try {
      await contactCompany(viewer, { ...input, companyId }, deps);
    } catch (error) {
      // The company published a slot meanwhile: said as the island says it, not as a 403.
      if (error instanceof AppError && error.code === 'FORBIDDEN') {
        throw new AppError('other_error', { message: CONTACT_COMPANY_CLOSED });
      }
      throw error;
    }
  });
  if (!refusal) throw redirect(`${companyUrl(companyId)}&message=envoye#${CONTACT_COMPANY_ANCHOR}`);
  return {
    open: true,
    sent: false,
    posted: { message: refusal.values.message ?? '', error: refusal.errors.message, alert: refusal.alert },
  };
}

import type { PageContextServer } from 'vike/types';
import { companyProfileBlocks } from '../../common/companies.ts';
import { visitDocumentSchema } from '../../common/documents.ts';
import { pictureSchema } from '../../common/pictures.ts';
import type { PlainBlocks } from '../../islands/accounts/profile/useBlockForm.ts';
import { postedAddress } from '../../islands/address-post.ts';
import type { PlainDocuments } from '../../islands/companies/VisitDocuments.tsx';
import {
  updateCompanyAddress,
  updateCompanyContact,
  updateCompanyContactOptIn,
  updateCompanyDescription,
  updateCompanyJobs,
  updateCompanySize,
} from '../../server/companies/index.ts';
import { addVisitDocument, removeVisitDocument, setCompanyPicture } from '../../server/documents/index.ts';
import { parseInput } from '../../server/kernel/validation.ts';
import { plainBlocks } from '../layout/block-post.ts';
import { plainDocuments } from '../layout/documents-post.ts';
import type { FormPost } from '../layout/form-post.ts';

const textsOf = (post: FormPost, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, post.fields[name] ?? '']));

/**
 * « Mon entreprise » posted without JavaScript (issue 36): its picture (islands/companies/CompanyPicture.tsx,
 * a multipart form) and each block of islands/companies/CompanyProfile.tsx, through the same schema and use
 * case as its GraphQL mutation (server/documents/graphql.ts, server/companies/profile-graphql.ts).
 */
export function plainCompanyProfile(pageContext: PageContextServer): Promise<PlainBlocks> {
  const { viewer, deps } = pageContext;
  const { description, address, contact, size, jobs, contactOptIn } = companyProfileBlocks;
  return plainBlocks(pageContext, {
    image: {
      input: (post) => ({ file: post.files.file }),
      save: (input) => setCompanyPicture(viewer, parseInput(pictureSchema, input), deps),
    },
    presentation: {
      input: (post) => textsOf(post, ['description', 'website']),
      save: (input) => updateCompanyDescription(viewer, parseInput(description, input), deps),
    },
    adresse: {
      input: (post) => ({ address: postedAddress(post.fields, 'companyAddress') }),
      save: (input) => updateCompanyAddress(viewer, parseInput(address, input), deps),
    },
    contact: {
      input: (post) => textsOf(post, ['phone', 'contactName', 'contactEmail', 'contactPhone']),
      save: (input) => updateCompanyContact(viewer, parseInput(contact, input), deps),
    },
    taille: {
      input: (post) => ({
        employeesCount: post.fields.employeesCount ?? '',
        acceptsInterns: 'acceptsInterns' in post.fields,
      }),
      save: (input) => updateCompanySize(viewer, parseInput(size, input), deps),
    },
    metiers: {
      input: (post) => ({ jobs: post.lists.jobs ?? [] }),
      save: (input) => updateCompanyJobs(viewer, parseInput(jobs, input), deps),
    },
    'etre-contacte': {
      input: (post) => ({ contactOptIn: 'contactOptIn' in post.fields }),
      save: (input) => updateCompanyContactOptIn(viewer, parseInput(contactOptIn, input), deps),
    },
  });
}

/** « Documents de visite » posted without JavaScript: the API's addCompanyDocument and removeCompanyDocument. */
export function plainVisitDocuments(pageContext: PageContextServer): Promise<PlainDocuments> {
  const { viewer, deps } = pageContext;
  return plainDocuments(pageContext, 'documents-de-visite', {
    add: (input) => addVisitDocument(viewer, parseInput(visitDocumentSchema, input), deps),
    remove: (input) => removeVisitDocument(viewer, input, deps),
  });
}

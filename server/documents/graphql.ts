import { documentUrl, visitDocumentSchema } from '../../common/documents.ts';
import type { CompanyRow } from '../companies/index.ts';
import { AppError } from '../errors.ts';
import type { GraphQLModule } from '../graphql/module.ts';
import type { GqlContext } from '../http/context.ts';
import { parseInput } from '../validation.ts';
import {
  addVisitDocument,
  type DocumentRow,
  removeVisitDocument,
  visitDocumentsFor,
} from './visit-documents.ts';

/** A malformed id names no document: NOT_FOUND, as an unknown one. */
function documentIdOf(id: unknown): number {
  const n = typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : 0;
  if (n <= 0) throw new AppError('NOT_FOUND');
  return n;
}

/** Companies' visit documents (issue 5): listed on the company, added and removed by its recruiters. */
export const documentsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    "A document a company gives to prepare a visit: access map, safety rules, programme…"
    type CompanyDocument {
      id: ID!
      title: String!
      "The name it is downloaded under, with its extension."
      fileName: String!
      mimeType: String!
      sizeBytes: Int!
      "Where to download it (an attachment)."
      url: String!
      createdAt: DateTime!
    }
    extend type Company {
      "Its visit documents, oldest first: whoever may see the company may read them."
      documents: [CompanyDocument!]!
    }
    extend type Mutation {
      """
      Adds a visit document to the recruiter's company, sent as a multipart request (GraphQL multipart
      request spec). PDF, Word, Excel, PowerPoint, OpenDocument text, JPG, PNG, ZIP or RAR, checked by
      extension and content, 10 MB at most; a title of 120 characters at most; 10 documents per company
      (max_file_limit_reached).
      """
      addCompanyDocument(file: Upload!, title: String!): CompanyDocument!
      "Removes one of the recruiter's company's visit documents (NOT_FOUND for another company's)."
      removeCompanyDocument(id: ID!): Boolean!
    }
  `,
  resolvers: {
    CompanyDocument: {
      url: (document: DocumentRow, _args, c: GqlContext) =>
        `${c.var.deps.config.PUBLIC_URL}${documentUrl(document.id, document.fileName)}`,
    },
    Company: {
      documents: (company: CompanyRow, _args, c: GqlContext) =>
        visitDocumentsFor(c.var.viewer, company, c.var.deps),
    },
    Mutation: {
      addCompanyDocument: (_root, args, c: GqlContext) =>
        addVisitDocument(c.var.viewer, parseInput(visitDocumentSchema, args), c.var.deps),
      removeCompanyDocument: async (_root, args, c: GqlContext) => {
        await removeVisitDocument(c.var.viewer, { id: documentIdOf(args.id) }, c.var.deps);
        return true;
      },
    },
  },
};

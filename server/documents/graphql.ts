import {
  documentUrl,
  slotDocumentSchema,
  teacherDocumentSchema,
  visitDocumentSchema,
} from '../../common/documents.ts';
import { pictureSchema, pictureUrl } from '../../common/pictures.ts';
import type { CompanyRow } from '../companies/index.ts';
import type { GqlContext } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { parseInput } from '../kernel/validation.ts';
import type { SlotView } from '../slots/index.ts';
import { setCompanyPicture } from './pictures.ts';
import { addSlotDocument, removeSlotDocument, slotDocumentsFor } from './slot-documents.ts';
import type { DocumentRow } from './store.ts';
import { addTeacherDocument, removeTeacherDocument, teacherDocumentsFor } from './teacher-documents.ts';
import { addVisitDocument, removeVisitDocument, visitDocumentsFor } from './visit-documents.ts';

/** A malformed id names no document: NOT_FOUND, as an unknown one. */
function documentIdOf(id: unknown): number {
  const n = typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : 0;
  if (n <= 0) throw new AppError('NOT_FOUND');
  return n;
}

const absoluteUrl = (document: DocumentRow, _args: unknown, c: GqlContext) =>
  `${c.var.deps.config.PUBLIC_URL}${documentUrl(document.id, document.fileName)}`;

const DOCUMENT_FIELDS = /* GraphQL */ `
  id: ID!
  title: String!
  "The name it is downloaded under, with its extension."
  fileName: String!
  mimeType: String!
  sizeBytes: Int!
  "Where to download it (an attachment)."
  url: String!
  createdAt: DateTime!
`;

/**
 * Uploaded files: companies' visit documents and picture (issue 5, 14), teachers' documents, slots'
 * documents. Each list follows who may read it (server/permissions.ts); uploads are multipart requests.
 */
export const documentsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    "A document a company gives to prepare a visit: access map, safety rules, programme…"
    type CompanyDocument { ${DOCUMENT_FIELDS} }
    "A document of a teacher's profile: seen by the teacher, the companies they booked with and the operators."
    type TeacherDocument { ${DOCUMENT_FIELDS} }
    "A document attached to a slot: seen by its company, the operators and the teachers booked on it."
    type SlotDocument { ${DOCUMENT_FIELDS} }
    extend type Company {
      "Its visit documents, oldest first: whoever may see the company may read them."
      documents: [CompanyDocument!]!
      "Its picture or logo in a web size (a JPEG), null until it sets one."
      pictureUrl: String
    }
    extend type Teacher {
      "Oldest first; empty for anyone but the teacher, the companies they booked with and the operators."
      documents: [TeacherDocument!]!
    }
    extend type Slot {
      "Oldest first; empty for anyone but its company, the operators and the teachers booked on it."
      documents: [SlotDocument!]!
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
      "The teacher adds a document (the visit documents' formats and sizes); a 4th is max_file_limit_reached."
      uploadTeacherDocument(file: Upload!, title: String!): TeacherDocument!
      "The teacher removes one of their documents (NOT_FOUND for anyone else's)."
      removeTeacherDocument(id: ID!): Boolean!
      "The recruiter attaches a document to one of the company's slots; 5 per slot (max_file_limit_reached)."
      addSlotDocument(slotId: ID!, file: Upload!, title: String!): SlotDocument!
      "The recruiter removes a document of one of the company's slots."
      removeSlotDocument(id: ID!): Boolean!
      "The company's picture or logo: JPEG, PNG or WebP, 1 MB at most; a web size of it is kept."
      setCompanyPicture(file: Upload!): Company!
    }
  `,
  resolvers: {
    CompanyDocument: { url: absoluteUrl },
    TeacherDocument: { url: absoluteUrl },
    SlotDocument: { url: absoluteUrl },
    Company: {
      documents: (company: CompanyRow, _args, c: GqlContext) =>
        visitDocumentsFor(c.var.viewer, company, c.var.deps),
      pictureUrl: (company: CompanyRow, _args, c: GqlContext) =>
        company.pictureDocumentId === null
          ? null
          : `${c.var.deps.config.PUBLIC_URL}${pictureUrl(company.pictureDocumentId)}`,
    },
    Teacher: {
      documents: (teacher: { id: number }, _args, c: GqlContext) =>
        teacherDocumentsFor(c.var.viewer, teacher.id, c.var.deps),
    },
    Slot: {
      documents: (slot: SlotView, _args, c: GqlContext) => slotDocumentsFor(c.var.viewer, slot, c.var.deps),
    },
    Mutation: {
      addCompanyDocument: (_root, args, c: GqlContext) =>
        addVisitDocument(c.var.viewer, parseInput(visitDocumentSchema, args), c.var.deps),
      removeCompanyDocument: async (_root, args, c: GqlContext) => {
        await removeVisitDocument(c.var.viewer, { id: documentIdOf(args.id) }, c.var.deps);
        return true;
      },
      uploadTeacherDocument: (_root, args, c: GqlContext) =>
        addTeacherDocument(c.var.viewer, parseInput(teacherDocumentSchema, args), c.var.deps),
      removeTeacherDocument: async (_root, args, c: GqlContext) => {
        await removeTeacherDocument(c.var.viewer, { id: documentIdOf(args.id) }, c.var.deps);
        return true;
      },
      addSlotDocument: (_root, args, c: GqlContext) =>
        addSlotDocument(c.var.viewer, parseInput(slotDocumentSchema, args), c.var.deps),
      removeSlotDocument: async (_root, args, c: GqlContext) => {
        await removeSlotDocument(c.var.viewer, { id: documentIdOf(args.id) }, c.var.deps);
        return true;
      },
      setCompanyPicture: (_root, args, c: GqlContext) =>
        setCompanyPicture(c.var.viewer, parseInput(pictureSchema, args), c.var.deps),
    },
  },
};

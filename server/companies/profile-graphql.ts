import { companyProfileBlocks } from '../../common/companies.ts';
import type { GraphQLModule } from '../graphql/module.ts';
import { requireKind } from '../http/authorization.ts';
import type { GqlContext } from '../http/context.ts';
import { parseInput } from '../validation.ts';
import {
  updateCompanyAddress,
  updateCompanyContact,
  updateCompanyContactOptIn,
  updateCompanyDescription,
  updateCompanyJobs,
  updateCompanySize,
} from './profile.ts';
import type { CompanyRow } from './queries.ts';

const myCompanyId = (c: GqlContext) => requireKind(c, 'recruiter').companyId;

/** The company profile, block by block; its recruiters edit it, the contact shows through `Company.contact`. */
export const companyProfileModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    extend type Company {
      "Be e-mailed when the company has no slot: admins and its own recruiters only, null for anyone else."
      contactOptIn: Boolean
    }
    input CompanyDescriptionInput {
      description: String
      website: String
    }
    input CompanyContactInput {
      contactName: String!
      contactEmail: String!
      contactPhone: String!
    }
    input CompanySizeInput {
      employeesCount: Int
      acceptsInterns: Boolean!
    }
    extend type Mutation {
      updateMyCompanyDescription(input: CompanyDescriptionInput!): Company!
      "The new address's department must be open (wrong_department otherwise)."
      updateMyCompanyAddress(address: AddressInput!): Company!
      updateMyCompanyContact(input: CompanyContactInput!): Company!
      updateMyCompanySize(input: CompanySizeInput!): Company!
      "Labels from the platform's list (Query.jobs), 30 at most; replaces the company's jobs."
      updateMyCompanyJobs(jobs: [String!]!): Company!
      updateMyCompanyContactOptIn(contactOptIn: Boolean!): Company!
    }
  `,
  resolvers: {
    Company: {
      contactOptIn: (company: CompanyRow, _args, c: GqlContext) => {
        const viewer = c.var.viewer;
        const allowed =
          viewer?.kind === 'admin' || (viewer?.kind === 'recruiter' && viewer.companyId === company.id);
        return allowed ? company.contactOptIn : null;
      },
    },
    Mutation: {
      updateMyCompanyDescription: (_root, args, c) =>
        updateCompanyDescription(
          c.var.deps.db,
          myCompanyId(c),
          parseInput(companyProfileBlocks.description, args.input),
        ),
      updateMyCompanyAddress: (_root, args, c) =>
        updateCompanyAddress(c.var.deps.db, myCompanyId(c), parseInput(companyProfileBlocks.address, args)),
      updateMyCompanyContact: (_root, args, c) =>
        updateCompanyContact(
          c.var.deps.db,
          myCompanyId(c),
          parseInput(companyProfileBlocks.contact, args.input),
        ),
      updateMyCompanySize: (_root, args, c) =>
        updateCompanySize(c.var.deps.db, myCompanyId(c), parseInput(companyProfileBlocks.size, args.input)),
      updateMyCompanyJobs: (_root, args, c) =>
        updateCompanyJobs(c.var.deps.db, myCompanyId(c), parseInput(companyProfileBlocks.jobs, args)),
      updateMyCompanyContactOptIn: (_root, args, c) =>
        updateCompanyContactOptIn(
          c.var.deps.db,
          myCompanyId(c),
          parseInput(companyProfileBlocks.contactOptIn, args),
        ),
    },
  },
};

import { companyProfileBlocks } from '../../common/companies.ts';
import type { GqlContext } from '../kernel/context.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { parseInput } from '../kernel/validation.ts';
import { contactOptInFor } from './companies.ts';
import {
  updateCompanyAddress,
  updateCompanyContact,
  updateCompanyContactOptIn,
  updateCompanyDescription,
  updateCompanyJobs,
  updateCompanySize,
} from './profile.ts';
import type { CompanyRow } from './queries.ts';

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
      "The company's own number (switchboard), given at sign-up; left out, it stays as it is."
      phone: String
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
      contactOptIn: (company: CompanyRow, _args, c: GqlContext) => contactOptInFor(c.var.viewer, company),
    },
    Mutation: {
      updateMyCompanyDescription: (_root, args, c) =>
        updateCompanyDescription(
          c.var.viewer,
          parseInput(companyProfileBlocks.description, args.input),
          c.var.deps,
        ),
      updateMyCompanyAddress: (_root, args, c) =>
        updateCompanyAddress(c.var.viewer, parseInput(companyProfileBlocks.address, args), c.var.deps),
      updateMyCompanyContact: (_root, args, c) =>
        updateCompanyContact(c.var.viewer, parseInput(companyProfileBlocks.contact, args.input), c.var.deps),
      updateMyCompanySize: (_root, args, c) =>
        updateCompanySize(c.var.viewer, parseInput(companyProfileBlocks.size, args.input), c.var.deps),
      updateMyCompanyJobs: (_root, args, c) =>
        updateCompanyJobs(c.var.viewer, parseInput(companyProfileBlocks.jobs, args), c.var.deps),
      updateMyCompanyContactOptIn: (_root, args, c) =>
        updateCompanyContactOptIn(
          c.var.viewer,
          parseInput(companyProfileBlocks.contactOptIn, args),
          c.var.deps,
        ),
    },
  },
};

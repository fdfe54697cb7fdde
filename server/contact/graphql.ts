import { z } from 'zod';
import { contactMessageSchema, contactSubjectLabel, contactSubjectOf } from '../../common/contact.ts';
import { contactCompanySchema } from '../../common/search.ts';
import type { CompanyRow } from '../companies/index.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { parseInput } from '../kernel/validation.ts';
import { contactCompany, isContactable } from './company-contact.ts';
import { type ContactMessageRow, sendContactMessage } from './contact-form.ts';

const companyIdSchema = z.object({ companyId: z.coerce.number().int().positive() });

export const contactModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    extend type Company {
      "It asked to be contacted and has no slot to come: the page shows a contact button."
      contactable: Boolean!
    }
    "What a contact-form message is about (labels: Mon compte, Une réservation, Une entreprise, Un problème technique, Autre)."
    enum ContactSubject { account booking company technical other }
    "Where a contact-form message stands in the back-office."
    enum ContactMessageStatus { new in_progress handled }
    input ContactMessageInput {
      subject: ContactSubject!
      "10 to 2,000 characters."
      message: String!
    }
    "A message of the contact form, as the operators of its sender's region read it."
    type ContactMessage {
      id: ID!
      subject: ContactSubject!
      "The subject in French."
      subjectLabel: String!
      message: String!
      createdAt: DateTime!
      "new, in_progress or handled (ContactMessageStatus)."
      status: String!
      senderName: String!
      senderEmail: String!
      "The sender's role when they wrote, in French."
      senderRole: String
      "Their establishment or company."
      organisation: String
      "The sender's department; its region's operators handle the message."
      departmentCode: String
      regionCode: String
      "The operators' answer, e-mailed to the sender."
      answer: String
      answeredAt: DateTime
    }
    extend type Mutation {
      "A teacher writes to a company that asked to be contacted and has no slot; e-mailed to the company."
      contactCompany(companyId: ID!, message: String!): Boolean!
      "Logged in: a message to the operators of the sender's region, e-mailed to them and acknowledged to the sender; 5 an hour."
      sendContactMessage(input: ContactMessageInput!): Boolean!
    }
  `,
  resolvers: {
    Company: {
      contactable: (company: CompanyRow, _args, c) => isContactable(company, c.var.deps),
    },
    ContactMessage: {
      subject: (row: ContactMessageRow) => contactSubjectOf(row.subject),
      subjectLabel: (row: ContactMessageRow) => contactSubjectLabel(row.subject),
      message: (row: ContactMessageRow) => row.body,
      senderName: (row: ContactMessageRow) => row.name,
      senderEmail: (row: ContactMessageRow) => row.email,
    },
    Mutation: {
      contactCompany: async (_root, args, c) => {
        const input = { ...parseInput(companyIdSchema, args), ...parseInput(contactCompanySchema, args) };
        await contactCompany(c.var.viewer, input, c.var.deps);
        return true;
      },
      sendContactMessage: async (_root, args, c) => {
        const input = parseInput(contactMessageSchema, args.input);
        await sendContactMessage(c.var.viewer, input, c.var.deps);
        return true;
      },
    },
  },
};

import { z } from 'zod';
import { CONTACT_STATUSES, contactUpdateSchema } from '../../common/contact.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { idInput, parseInput } from '../kernel/validation.ts';
import { contactInbox, handledContactMessage, updateContactMessage } from './contact.ts';

const inboxSchema = z.object({
  status: z.enum(CONTACT_STATUSES).nullish(),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(50),
});

/** The contact form's messages in the back-office (docs/decisions/0042): listed, read, handled, answered. */
export const adminContactModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    extend type Query {
      "Operators: the contact-form messages of their region (all for a national administrator), newest first."
      contactMessages(status: ContactMessageStatus, page: Int = 1, pageSize: Int = 50): [ContactMessage!]!
      "Operators: one message of their region; NOT_FOUND for another region's."
      contactMessage(id: ID!): ContactMessage!
    }
    extend type Mutation {
      "Operators of the message's region: a new status and/or an answer e-mailed to the sender (once; an answer alone marks it handled)."
      updateContactMessage(id: ID!, status: ContactMessageStatus, answer: String): ContactMessage!
    }
  `,
  resolvers: {
    Query: {
      contactMessages: async (_root, args, c) =>
        (await contactInbox(c.var.viewer, parseInput(inboxSchema, args), c.var.deps)).items,
      contactMessage: (_root, args, c) =>
        handledContactMessage(c.var.viewer, parseInput(idInput, args), c.var.deps),
    },
    Mutation: {
      updateContactMessage: async (_root, args, c) => {
        const { id } = parseInput(idInput, args);
        const input = parseInput(contactUpdateSchema, args);
        const message = await updateContactMessage(c.var.viewer, { ...input, id }, c.var.deps);
        return message;
      },
    },
  },
};

import {
  acceptInvitationSchema,
  answerJoinRequestSchema,
  inviteRecruiterSchema,
  joinRequestSchema,
  removeRecruiterSchema,
  setRecruiterRoleSchema,
  withdrawInvitationSchema,
} from '../../common/team.ts';
import { startSession } from '../accounts/index.ts';
import type { CompanyRow } from '../companies/index.ts';
import { clientIp } from '../http/session.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { parseInput } from '../kernel/validation.ts';
import { acceptRecruiterInvitation, inviteRecruiter, withdrawInvitation } from './invitations.ts';
import { answerJoinRequest, joinRequestsFor, requestToJoinCompany } from './join-requests.ts';
import { companyTeamFor, removeRecruiter, setRecruiterRole } from './team.ts';

/** A company is a team (issue 21; API.md, Teams). */
export const companyTeamModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum TeamRole {
      admin
      member
    }
    "One of a company's recruiters."
    type TeamMember {
      id: ID!
      firstName: String!
      lastName: String!
      email: String!
      role: TeamRole!
      "Null: never logged in."
      lastLoginAt: DateTime
    }
    "Someone who asked to join the company's team at sign-up and confirmed their e-mail, waiting for an admin's answer."
    type JoinRequest {
      id: ID!
      firstName: String!
      lastName: String!
      email: String!
      createdAt: DateTime!
    }
    input JoinRequestInput {
      siret: String!
      firstName: String!
      lastName: String!
      email: String!
      phone: String
      password: String!
      acceptTerms: Boolean!
    }
    extend type Company {
      "The company's recruiters: its own recruiters only, empty for anyone else."
      team: [TeamMember!]!
      "Join requests confirmed by their requester's e-mailed link and waiting: the company's admins only, empty for anyone else."
      joinRequests: [JoinRequest!]!
    }
    extend type Mutation {
      "A company admin invites a colleague by e-mail (a link valid 7 days, once)."
      inviteRecruiter(email: String!, role: TeamRole = member): Boolean!
      "From the invitation's link: the colleague joins the team and is logged in."
      acceptRecruiterInvitation(
        token: String!
        firstName: String!
        lastName: String!
        password: String!
        phone: String
      ): AuthPayload!
      """
      Someone whose SIRET is already registered asks to join that company's team; they are e-mailed a link to
      confirm their address (48 hours), and nobody else hears of the request before. True: its admins are
      e-mailed once it is confirmed; false: the company awaits the operators' validation, and its admins are
      e-mailed the confirmed request once it is validated.
      """
      requestToJoinCompany(input: JoinRequestInput!): Boolean!
      "A company admin accepts or refuses a join request; the colleague is e-mailed either way."
      answerJoinRequest(id: ID!, accept: Boolean!): Boolean!
      "A company admin changes a member's role; last_admin for the last admin."
      setRecruiterRole(userId: ID!, role: TeamRole!): TeamMember!
      "A company admin withdraws a pending invitation: its link then answers invitation_invalid."
      withdrawRecruiterInvitation(id: ID!): Boolean!
      "A company admin removes a member (or a member leaves): their sessions end; last_admin for the last admin."
      removeRecruiter(userId: ID!): Boolean!
    }
  `,
  resolvers: {
    Company: {
      team: (company: CompanyRow, _args, c) => companyTeamFor(c.var.viewer, company, c.var.deps),
      joinRequests: (company: CompanyRow, _args, c) => joinRequestsFor(c.var.viewer, company, c.var.deps),
    },
    Mutation: {
      inviteRecruiter: async (_root, args, c) => {
        await inviteRecruiter(c.var.viewer, parseInput(inviteRecruiterSchema, args), c.var.deps);
        return true;
      },
      acceptRecruiterInvitation: async (_root, args, c) => {
        const user = await acceptRecruiterInvitation(parseInput(acceptInvitationSchema, args), c.var.deps);
        return { token: await startSession(c, user.id), user };
      },
      requestToJoinCompany: async (_root, args, c) => {
        const input = parseInput(joinRequestSchema, args.input);
        const sent = await requestToJoinCompany({ ...input, clientIp: clientIp(c) }, c.var.deps);
        return !sent.awaitingValidation;
      },
      answerJoinRequest: async (_root, args, c) => {
        await answerJoinRequest(c.var.viewer, parseInput(answerJoinRequestSchema, args), c.var.deps);
        return true;
      },
      setRecruiterRole: (_root, args, c) =>
        setRecruiterRole(c.var.viewer, parseInput(setRecruiterRoleSchema, args), c.var.deps),
      withdrawRecruiterInvitation: async (_root, args, c) => {
        await withdrawInvitation(c.var.viewer, parseInput(withdrawInvitationSchema, args), c.var.deps);
        return true;
      },
      removeRecruiter: async (_root, args, c) => {
        await removeRecruiter(c.var.viewer, parseInput(removeRecruiterSchema, args), c.var.deps);
        return true;
      },
    },
  },
};

import { z } from 'zod';
import { transportAnswerSchema, transportRequestSchema } from '../../common/transport.ts';
import type { GqlContext } from '../kernel/context.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { parseInput } from '../kernel/validation.ts';
import { type MeetingView, meetingView } from '../meetings/index.ts';
import { requireViewer } from '../permissions.ts';
import {
  answerTransportRequest,
  requestTransportHelp,
  type TransportRequestWithMeeting,
  transportListSchema,
  transportRequestIdSchema,
  transportRequestOfMeeting,
  transportRequestsFor,
} from './requests.ts';

const meetingIdSchema = z.object({ meetingId: z.coerce.number().int().positive() });

/** Transport help (PRODUCT.md, After the meeting): the teacher asks, the operators answer. */
export const transportModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum TransportRequestStatus {
      pending
      accepted
      refused
      "Closed by the cancellation of its meeting."
      cancelled
    }
    type TransportRequest {
      id: ID!
      meeting: Meeting!
      "People to carry: at most the meeting's participants."
      groupSize: Int!
      departureAddress: Address!
      comment: String
      status: TransportRequestStatus!
      "The operators' message to the teacher."
      answer: String
      createdAt: DateTime!
      answeredAt: DateTime
    }
    input TransportRequestInput {
      meetingId: ID!
      groupSize: Int!
      departureAddress: AddressInput!
      comment: String
    }
    extend type Meeting {
      "Its latest transport request, for its teacher and the operators; null for anyone else."
      transportRequest: TransportRequest
    }
    extend type Query {
      "Admin: the transport requests of one status (pending ones oldest first), or all (latest first)."
      transportRequests(status: TransportRequestStatus): [TransportRequest!]!
    }
    extend type Mutation {
      "The meeting's teacher, for a confirmed company visit that has not started; one open request per meeting."
      requestTransportHelp(input: TransportRequestInput!): TransportRequest!
      "Admin: accepted or refused, with a message the teacher is e-mailed; a pending request only."
      answerTransportRequest(id: ID!, status: TransportRequestStatus!, answer: String): TransportRequest!
    }
  `,
  resolvers: {
    Query: {
      transportRequests: (_root, args, c) =>
        transportRequestsFor(c.var.viewer, parseInput(transportListSchema, args), c.var.deps),
    },
    Mutation: {
      requestTransportHelp: (_root, args, c) => {
        const { meetingId } = parseInput(meetingIdSchema, args.input);
        const input = parseInput(transportRequestSchema, args.input);
        return requestTransportHelp(c.var.viewer, { ...input, meetingId }, c.var.deps);
      },
      answerTransportRequest: (_root, args, c) => {
        const { id } = parseInput(transportRequestIdSchema, args);
        const input = parseInput(transportAnswerSchema, args);
        return answerTransportRequest(c.var.viewer, { ...input, id }, c.var.deps);
      },
    },
    Meeting: {
      transportRequest: (meeting: MeetingView, _args, c: GqlContext) =>
        transportRequestOfMeeting(c.var.viewer, meeting, c.var.deps),
    },
    TransportRequest: {
      // Whoever reads a request may read its meeting: its teacher, the operators of its region.
      meeting: (request: TransportRequestWithMeeting, _args, c: GqlContext) =>
        meetingView(request.meeting, requireViewer(c.var.viewer), c.var.deps.clock.now()),
      departureAddress: (request: TransportRequestWithMeeting) => ({
        label: request.departureLabel,
        zipcode: request.departureZipcode ?? '',
        city: request.departureCity ?? '',
        departmentCode: request.departureDepartmentCode ?? '',
        lat: request.departureLat ?? 0,
        lng: request.departureLng ?? 0,
      }),
    },
  },
};

import {
  type DocumentNode,
  type GraphQLSchema,
  isIntrospectionType,
  type OperationDefinitionNode,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { PARTNER_KEY_MESSAGES } from '../../common/partner-keys.ts';
import type { PartnerScope } from '../../common/partners.ts';
import { AppError } from '../kernel/errors.ts';
import type { PartnerViewer } from '../kernel/partner.ts';

/*
 * What a partner key may ask of /graphql (issue 37; docs/decisions/0096), decided in one place, on the
 * operation's text, before anything runs: the root fields a key may call, each with the scope it needs, and
 * every field it may read below them. Whatever is not listed is refused — a field added to the API tomorrow
 * stays closed to partners until someone opens it here, knowing it carries no one's personal data.
 */

/** The queries a key may call, and the scope each needs (null: any key). */
export const PARTNER_QUERIES: Readonly<Record<string, PartnerScope | null>> = {
  partnerSlots: 'slots_read',
  partnerCompanies: 'companies_read',
  partnerStatistics: 'statistics_read',
  departments: null,
  myWebhookEndpoints: 'webhooks',
};

/** The mutations a key may call: its webhooks' alone (server/webhooks/). */
export const PARTNER_MUTATIONS: Readonly<Record<string, PartnerScope>> = {
  createWebhookEndpoint: 'webhooks',
  deleteWebhookEndpoint: 'webhooks',
  redeliverWebhook: 'webhooks',
};

/**
 * The fields a key may read on each type below its root fields: public facts, never a person (no speaker, no
 * contact, no team, no booking, no video link). `all`: the webhooks' own types, the key's own endpoints.
 */
export const PARTNER_FIELDS: Readonly<Record<string, readonly string[] | 'all'>> = {
  SlotPage: ['total', 'items'],
  Slot: [
    'id',
    'company',
    'startsAt',
    'endsAt',
    'timeZone',
    'date',
    'time',
    'durationMinutes',
    'meetingType',
    'publicCategories',
    'subjects',
    'maxParticipants',
    'seatsTaken',
    'seatsLeft',
    'state',
    'description',
    'place',
    'open',
  ],
  CompanyPage: ['total', 'items'],
  Company: [
    'id',
    'siret',
    'name',
    'status',
    'address',
    'nafCode',
    'sector',
    'website',
    'employeesCount',
    'creationDate',
    'acceptsInterns',
    'description',
    'jobs',
    'createdAt',
    'pictureUrl',
    'availableSlotsCount',
  ],
  Address: ['label', 'zipcode', 'city', 'departmentCode', 'lat', 'lng'],
  Department: ['code', 'name', 'regionCode', 'timeZone', 'active', 'holidayZone'],
  Statistics: [
    'from',
    'to',
    'bookings',
    'meetingsHeld',
    'pupilsReached',
    'fillRate',
    'seatsOffered',
    'seatsTaken',
    'bookingsPerMonth',
    'meetingsHeldPerMonth',
    'bySector',
    'byDepartment',
    'byMeetingType',
  ],
  MonthCount: ['month', 'count'],
  StatisticsGroup: ['key', 'label', 'meetingsHeld', 'pupilsReached'],
  WebhookEndpoint: 'all',
  WebhookDelivery: 'all',
  CreatedWebhookEndpoint: 'all',
};

/** The refusal of the first field of the operation a key may not ask for, or null when it may ask for all. */
export function partnerRefusal(
  schema: GraphQLSchema,
  partner: PartnerViewer,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): AppError | null {
  const roots = new Map<unknown, Readonly<Record<string, PartnerScope | null>>>([
    [schema.getQueryType(), PARTNER_QUERIES],
    [schema.getMutationType(), PARTNER_MUTATIONS],
  ]);
  const typeInfo = new TypeInfo(schema);
  let refusal: AppError | null = null;
  const refuse = (field: string, scope: PartnerScope | null) => {
    refusal ??= new AppError('partner_not_allowed', {
      message: PARTNER_KEY_MESSAGES.notAllowed(field, scope),
      extensions: { field, ...(scope ? { scope } : {}) },
    });
  };
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      // Only the operation asked for, with the fragments it spreads (a fragment is checked where it is defined).
      OperationDefinition: { enter: (node) => (node === operation ? undefined : false) },
      Field(node) {
        const parent = typeInfo.getParentType();
        const name = node.name.value;
        if (!parent || name.startsWith('__') || isIntrospectionType(parent)) return;
        const root = roots.get(parent);
        if (root) {
          const scope = Object.hasOwn(root, name) ? root[name] : undefined;
          if (scope === undefined) refuse(name, null);
          else if (scope !== null && !partner.scopes.includes(scope)) refuse(name, scope);
          return;
        }
        const readable = PARTNER_FIELDS[parent.name];
        if (readable !== 'all' && !readable?.includes(name)) refuse(`${parent.name}.${name}`, null);
      },
    }),
  );
  return refusal;
}

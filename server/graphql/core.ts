import {
  COMPANY_STATUSES,
  MEETING_STATUSES,
  MEETING_TYPES,
  PROFILE_TYPES,
  PUBLIC_CATEGORIES,
  SCHOOL_LEVELS,
  SECTORS,
  SLOT_STATES,
  SLOT_SUBJECTS,
} from '../../common/constants.ts';

const enumOf = (name: string, values: readonly string[]) => `enum ${name} { ${values.join(' ')} }`;

/** The root types, scalars and enums every domain builds on; enums come from the constants in `common/`. */
export const coreTypeDefs = /* GraphQL */ `
  "ISO-8601 instant, UTC."
  scalar DateTime
  "A file part of a multipart request (GraphQL multipart request spec: operations, map)."
  scalar Upload
  type Query
  ${enumOf('MeetingType', MEETING_TYPES)}
  ${enumOf('PublicCategory', PUBLIC_CATEGORIES)}
  ${enumOf('Sector', SECTORS)}
  ${enumOf('SlotSubject', SLOT_SUBJECTS)}
  ${enumOf('SlotState', SLOT_STATES)}
  ${enumOf('MeetingStatus', MEETING_STATUSES)}
  ${enumOf('CompanyStatus', COMPANY_STATUSES)}
  ${enumOf('SchoolLevel', SCHOOL_LEVELS)}
  ${enumOf('ProfileType', PROFILE_TYPES)}
  enum Period { upcoming past }
  "An address chosen among the geocoder's suggestions."
  input AddressInput {
    label: String!
    zipcode: String!
    city: String!
    lat: Float!
    lng: Float!
  }
  type Address {
    label: String!
    zipcode: String!
    city: String!
    departmentCode: String!
    lat: Float!
    lng: Float!
  }
`;

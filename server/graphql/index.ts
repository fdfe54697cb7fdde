import { accountsModule } from '../accounts/graphql.ts';
import { profileModule } from '../accounts/profile-graphql.ts';
import { adminContactModule } from '../admin/contact-graphql.ts';
import { adminModule } from '../admin/graphql.ts';
import { classesModule } from '../classes/graphql.ts';
import { companiesModule } from '../companies/graphql.ts';
import { companyProfileModule } from '../companies/profile-graphql.ts';
import { companySignUpModule } from '../companies/signup-graphql.ts';
import { connectionTestModule } from '../connection-test/graphql.ts';
import { contactModule } from '../contact/graphql.ts';
import { contentModule } from '../content/graphql.ts';
import { documentsModule } from '../documents/graphql.ts';
import { feedbackModule } from '../feedback/graphql.ts';
import { geocodingModule } from '../geocoding/graphql.ts';
import { jobsModule } from '../jobs/graphql.ts';
import { meetingsModule } from '../meetings/graphql.ts';
import { meetingGroupsModule } from '../meetings/group-graphql.ts';
import { operationsModule } from '../operations/graphql.ts';
import { partnersModule } from '../partners/graphql.ts';
import { privacyModule } from '../privacy/graphql.ts';
import { searchModule } from '../search/graphql.ts';
import { slotsModule } from '../slots/graphql.ts';
import { companyTeamModule } from '../teams/graphql.ts';
import { territoryModule } from '../territory/graphql.ts';
import { transportModule } from '../transport/graphql.ts';
import { videoModule } from '../video/graphql.ts';
import { waitlistModule } from '../waitlist/graphql.ts';
import { webhooksModule } from '../webhooks/graphql.ts';
import { assembleSchema } from './schema.ts';

/** The whole API: one module per domain folder. */
export const schema = assembleSchema([
  accountsModule,
  adminModule,
  adminContactModule,
  classesModule,
  companiesModule,
  companyProfileModule,
  companySignUpModule,
  companyTeamModule,
  connectionTestModule,
  contactModule,
  contentModule,
  documentsModule,
  feedbackModule,
  geocodingModule,
  jobsModule,
  meetingsModule,
  meetingGroupsModule,
  operationsModule,
  partnersModule,
  privacyModule,
  profileModule,
  searchModule,
  slotsModule,
  territoryModule,
  transportModule,
  videoModule,
  waitlistModule,
  webhooksModule,
]);

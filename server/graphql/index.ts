import { accountsModule } from '../accounts/graphql.ts';
import { companiesModule } from '../companies/graphql.ts';
import { geocodingModule } from '../geocoding/graphql.ts';
import { slotsModule } from '../slots/graphql.ts';
import { territoryModule } from '../territory/graphql.ts';
import { assembleSchema } from './schema.ts';

/** The whole API: one module per domain folder. */
export const schema = assembleSchema([
  accountsModule,
  companiesModule,
  geocodingModule,
  slotsModule,
  territoryModule,
]);

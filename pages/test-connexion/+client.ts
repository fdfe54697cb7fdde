import { hydrateIslands } from '../../islands/hydrate.ts';

hydrateIslands();

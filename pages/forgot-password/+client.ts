import { hydrateIslands } from '../../islands/hydrate.ts';
import { enhanceLightForms } from '../../islands/light-forms.ts';

// A recruiter may come logged in (no guard here): the layout's session keeper is an island.
hydrateIslands();
enhanceLightForms();

import { hydrateIslands } from '../../islands/hydrate.ts';
import { enhanceLightForms } from '../../islands/light-forms.ts';

// Each step is a light form (docs/decisions/0094); its address field hydrates once it is used.
enhanceLightForms();
hydrateIslands();

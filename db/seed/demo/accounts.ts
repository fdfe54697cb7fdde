/** The demo's accounts that people log in with, and the days its slots span. */
import { PENDING_COMPANY } from '../lists/companies.ts';
import { slugify } from '../people.ts';

export const DEMO_TEACHER_EMAIL = 'enseignant@demo.passerelle-industrie.fr';
/** A regional operator (the Rhône's chamber, region Auvergne-Rhône-Alpes): the back-office of one region. */
export const DEMO_OPERATOR_EMAIL = 'operateur.aura@demo.passerelle-industrie.fr';
export const DEMO_OPERATOR_REGION = '06';
export const DEMO_RECRUITER_EMAIL = 'entreprise@demo.passerelle-industrie.fr';
export const DEMO_PENDING_RECRUITER_EMAIL = `contact@${slugify(PENDING_COMPANY.name)}.fr`;
export const TEACHER_DOMAIN = 'demo.passerelle-industrie.fr';

export const DEMO_FUTURE_DAYS = 60;
export const DEMO_PAST_DAYS = 45;

export const DEMO_TEAM_MEMBER_EMAIL = 'equipe@demo.passerelle-industrie.fr';

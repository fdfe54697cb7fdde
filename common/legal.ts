import { ROUTES } from './routes.ts';

/**
 * The facts of the legal notice (LCEN, article 6 III) that this code cannot know: who publishes the platform.
 * Until the publishing body is named, each reads « [À compléter : …] » on the page, plainly
 * (docs/decisions/0098); the operators fill them in before opening (docs/operations.md).
 */
export const PUBLISHER = {
  name: '[À compléter : raison sociale de l’éditeur]',
  legalForm: '[À compléter : forme juridique et capital]',
  address: '[À compléter : adresse du siège]',
  siret: '[À compléter : SIRET]',
  director: '[À compléter : nom du directeur ou de la directrice de la publication]',
} as const;

/** Whether a fact of the legal notice is still a placeholder. */
export const isPlaceholder = (fact: string) => fact.startsWith('[À compléter');

/** Where the platform runs and who else handles its data (the privacy policy's subprocessors). */
export const HOSTS = [
  {
    name: 'Cloudflare, Inc.',
    role: 'hébergement de l’application et des fichiers déposés',
    address: '101 Townsend St, San Francisco, CA 94107, États-Unis',
    website: 'https://www.cloudflare.com',
  },
  {
    name: 'Turso (ChiselStrike, Inc.)',
    role: 'hébergement de la base de données',
    address: '2810 N Church St, Wilmington, DE 19802, États-Unis',
    website: 'https://turso.tech',
  },
] as const;

/** The footer's legal links, on every page (pages/+Layout.tsx) and on the offline page (scripts/offline-page.ts). */
export const LEGAL_LINKS = [
  { href: ROUTES.legalNotice, label: 'Mentions légales' },
  { href: ROUTES.privacyPolicy, label: 'Confidentialité' },
  { href: ROUTES.accessibility, label: 'Accessibilité : partiellement conforme' },
] as const;

/** The accessibility statement's date and the audit it rests on (docs/decisions/0098). */
export const ACCESSIBILITY_STATEMENT = {
  date: '1er décembre 2026',
  standard: 'RGAA 4.1',
  status: 'partiellement conforme',
} as const;

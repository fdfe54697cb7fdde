import { ROUTES } from '../../common/routes.ts';
import { myCompany, profileGaps } from '../companies/index.ts';
import { companyVisitDocuments } from '../documents/index.ts';
import { jobLabelsOfCompany } from '../jobs/index.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { hasPublishedSlot } from '../slots/index.ts';

/*
 * A new company's first steps (issue 21; docs/decisions/0052): what is left to do before teachers find a
 * company worth booking — its profile, its picture, its jobs, its first slot, its visit documents. The
 * facts come from their domains in one round of reads (the company, then its jobs, slots and documents at
 * once); the home page shows the list until every step is done.
 */

export type FirstStepKey = 'profile' | 'picture' | 'jobs' | 'slot' | 'documents';

export interface FirstStep {
  key: FirstStepKey;
  /** What to do, as the home page's link says it. */
  label: string;
  /** Where it is done. */
  href: string;
  /** Why it matters, or what is still missing. */
  detail: string;
  done: boolean;
}

export interface FirstSteps {
  steps: FirstStep[];
  /** How many of them are done. */
  doneCount: number;
}

const PROFILE_GAP_LABELS = { description: 'la présentation', size: 'la taille de l’entreprise' } as const;
const PROFILE_GAP_ANCHORS = { description: 'presentation', size: 'taille' } as const;

/**
 * The recruiter's company's first steps, or null once they are all done (or for anyone but a recruiter of
 * a company): the list goes away.
 */
export async function firstStepsFor(viewer: Viewer | null, deps: Deps): Promise<FirstSteps | null> {
  const company = await myCompany(viewer, deps);
  if (!company) return null;
  const [jobs, hasSlot, documents] = await Promise.all([
    jobLabelsOfCompany(deps.db, company.id),
    hasPublishedSlot(deps.db, company.id),
    companyVisitDocuments(viewer, company, deps),
  ]);
  const gaps = profileGaps(company);
  const [firstGap] = gaps;
  const steps: FirstStep[] = [
    {
      key: 'profile',
      label: 'Compléter le profil de votre entreprise',
      href: `${ROUTES.myCompany}#${firstGap ? PROFILE_GAP_ANCHORS[firstGap] : 'presentation'}`,
      detail:
        gaps.length === 0
          ? 'Présentation et taille de l’entreprise renseignées.'
          : `Il manque ${gaps.map((gap) => PROFILE_GAP_LABELS[gap]).join(' et ')}.`,
      done: gaps.length === 0,
    },
    {
      key: 'picture',
      label: 'Ajouter une image ou votre logo',
      href: `${ROUTES.myCompany}#image`,
      detail: 'Elle illustre votre entreprise dans la recherche et sur sa page.',
      done: company.pictureDocumentId !== null,
    },
    {
      key: 'jobs',
      label: 'Indiquer les métiers de votre entreprise',
      href: `${ROUTES.myCompany}#metiers`,
      detail: 'Les enseignants cherchent les entreprises par métier.',
      done: jobs.length > 0,
    },
    {
      key: 'slot',
      label: 'Publier votre premier créneau',
      href: ROUTES.newSlot,
      detail: 'Une visite, une intervention en classe ou un webinaire que les enseignants pourront réserver.',
      done: hasSlot,
    },
    {
      key: 'documents',
      label: 'Ajouter un document de visite',
      href: `${ROUTES.myCompany}#documents-de-visite`,
      detail: 'Consignes de sécurité, plan d’accès, programme : ce que la classe doit savoir avant de venir.',
      done: documents.length > 0,
    },
  ];
  const doneCount = steps.filter((step) => step.done).length;
  return doneCount === steps.length ? null : { steps, doneCount };
}

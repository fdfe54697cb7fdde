/**
 * Job offers for the demo data's built-in recruitment site (its offers are rows of `job_offers`, which
 * the company page reads through the connector): the demo recruiter's company and a few others, so that
 * the company page's "Offres d'emploi" block is seen. Dated from `now`, so they always look recent.
 */
import { asc, eq, ne } from 'drizzle-orm';
import type { Sector } from '../../common/constants.ts';
import type { DbOrTx } from '../client.ts';
import { companies, jobOffers, users } from '../schema.ts';
import { DEMO_RECRUITER_EMAIL } from './demo.ts';

const DAY = 86_400_000;

const OFFERS: Record<Sector, readonly (readonly [title: string, contract: string])[]> = {
  aerospace: [
    ['Ajusteur-monteur / ajusteuse-monteuse aéronautique', 'CDI'],
    ['Technicien / technicienne contrôle qualité', 'Alternance'],
    ['Opérateur / opératrice composites', 'Intérim'],
  ],
  naval: [
    ['Chaudronnier / chaudronnière navale', 'CDI'],
    ['Électricien / électricienne de bord', 'Alternance'],
  ],
  metallurgy: [
    ['Soudeur / soudeuse TIG', 'CDI'],
    ['Conducteur / conductrice de four', 'CDD'],
    ['Apprenti·e forgeron', 'Alternance'],
  ],
  electricalDigital: [
    ['Technicien / technicienne en électronique', 'CDI'],
    ['Développeur / développeuse systèmes embarqués', 'Alternance'],
  ],
  energyEquipment: [
    ['Monteur / monteuse en équipements énergétiques', 'CDI'],
    ['Technicien / technicienne de maintenance', 'Alternance'],
  ],
  rail: [
    ['Câbleur / câbleuse ferroviaire', 'CDI'],
    ['Technicien / technicienne essais', 'Alternance'],
  ],
  automotive: [
    ['Opérateur / opératrice de production', 'Intérim'],
    ['Technicien / technicienne méthodes', 'CDI'],
  ],
  mechanics: [
    ['Usineur / usineuse sur commande numérique', 'CDI'],
    ['Tourneur-fraiseur / tourneuse-fraiseuse', 'Alternance'],
  ],
};

/** The demo recruiter's company and the next five validated companies get their sector's offers. */
export async function seedDemoJobOffers(db: DbOrTx, now: Date): Promise<number> {
  const [recruiter] = await db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.email, DEMO_RECRUITER_EMAIL));
  const first = recruiter?.companyId;
  if (first == null) throw new Error('The demo recruiter has no company: run the demo seed first');
  const [own] = await db.select().from(companies).where(eq(companies.id, first));
  const others = await db
    .select()
    .from(companies)
    .where(ne(companies.id, first))
    .orderBy(asc(companies.id))
    .then((rows) => rows.filter((company) => company.status === 'validated').slice(0, 5));
  const rows = [own, ...others].flatMap((company, c) =>
    company
      ? OFFERS[company.sector].slice(0, c === 0 ? 3 : 2).map(([title, contractType], n) => ({
          companyId: company.id,
          externalId: `demo-${company.id}-${n + 1}`,
          title: `${title} (H/F)`,
          contractType,
          location: company.city,
          url: null,
          publishedAt: new Date(now.getTime() - (2 + 5 * n + c) * DAY),
          fetchedAt: now,
        }))
      : [],
  );
  if (rows.length > 0) await db.insert(jobOffers).values(rows);
  return rows.length;
}

import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { CompanyStatus, Sector } from '../../common/constants.ts';
import { address, createdAt } from './columns.ts';

export const companies = sqliteTable(
  'companies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    siret: text('siret').notNull(),
    name: text('name').notNull(),
    status: text('status').$type<CompanyStatus>().notNull().default('pending'),
    statusReason: text('status_reason'),
    nafCode: text('naf_code').notNull(),
    sector: text('sector').$type<Sector>().notNull(),
    phone: text('phone'),
    website: text('website'),
    employeesCount: integer('employees_count'),
    creationDate: text('creation_date'),
    acceptsInterns: integer('accepts_interns', { mode: 'boolean' }).notNull().default(false),
    description: text('description'),
    pictureDocumentId: integer('picture_document_id'),
    ...address(),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    /** "Contact me when I have no slot". */
    contactOptIn: integer('contact_opt_in', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    validatedAt: integer('validated_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('companies_siret_idx').on(t.siret),
    // The map's box, covering what the search's candidates and the suggestions' cards read (migration 0031).
    index('companies_status_lat_lng_idx').on(
      t.status,
      t.lat,
      t.lng,
      t.sector,
      t.name,
      t.city,
      t.pictureDocumentId,
    ),
    index('companies_status_sector_idx').on(t.status, t.sector),
    index('companies_department_idx').on(t.departmentCode),
  ],
);

/**
 * What the company directory (recherche-entreprises) said of a company's SIRET, for the operators'
 * validation card (issue 21, docs/decisions/0053): asked once after sign-up by the `directory-checks` job,
 * again when an operator asks. The directory's own words are kept; the card compares them with the
 * company's when it is shown. `answer`: found, notFound, or unavailable (the directory did not answer).
 */
export const companyDirectoryChecks = sqliteTable('company_directory_checks', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  answer: text('answer').$type<'found' | 'notFound' | 'unavailable'>().notNull(),
  name: text('name'),
  addressLabel: text('address_label'),
  zipcode: text('zipcode'),
  city: text('city'),
  checkedAt: integer('checked_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Offers read from the recruitment site, kept so the company page still shows them when it is down. */
export const jobOffers = sqliteTable(
  'job_offers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    contractType: text('contract_type'),
    location: text('location'),
    url: text('url'),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    fetchedAt: integer('fetched_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('job_offers_company_external_idx').on(t.companyId, t.externalId)],
);

/**
 * The whole product's data model, one module per domain that owns the tables (server/<domain>/ imports
 * only its own: docs/decisions/0023-one-door-per-rule.md). Instants are UTC milliseconds (`timestamp_ms`);
 * a slot also carries the IANA zone of its company's department, so wall-clock times are computed where
 * they are shown. Lists that are only ever read whole (sectors of a teacher, categories of a slot) are
 * JSON arrays. This aggregate is for drizzle-kit, the database client, seeds and tests.
 */
export * from './schema/accounts.ts';
export * from './schema/admin.ts';
export * from './schema/classes.ts';
export * from './schema/companies.ts';
export * from './schema/contact.ts';
export * from './schema/content.ts';
export * from './schema/documents.ts';
export * from './schema/events.ts';
export * from './schema/feedback.ts';
export * from './schema/jobs.ts';
export * from './schema/meetings.ts';
export * from './schema/operations.ts';
export * from './schema/partners.ts';
export * from './schema/privacy.ts';
export * from './schema/proconnect.ts';
export * from './schema/search.ts';
export * from './schema/slots.ts';
export * from './schema/teams.ts';
export * from './schema/territory.ts';
export * from './schema/transport.ts';
export * from './schema/video.ts';
export * from './schema/waitlist.ts';
export * from './schema/webhooks.ts';
export * from './schema/weekly-alert.ts';

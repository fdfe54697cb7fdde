import { sql } from 'drizzle-orm';
import { integer, real, text } from 'drizzle-orm/sqlite-core';

export const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

/** An address as the geocoder returns it, on the tables whose rows are places. */
export const address = () => ({
  label: text('label'),
  zipcode: text('zipcode'),
  city: text('city'),
  departmentCode: text('department_code'),
  lat: real('lat'),
  lng: real('lng'),
});

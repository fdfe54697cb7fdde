import { openDb } from '../db/client.ts';
import { createSession, generateSessionToken } from '../server/accounts/sessions.ts';
import { budget, LARGE_DB_URL, type LoadResult, load, printTable, type Service } from './support.ts';

/** 30 km around Lyon (Place Bellecour), one sector, page 1, with the markers of every match. */
const SEARCH_BODY = JSON.stringify({
  operationName: 'Search',
  query: `query Search($input: CompanySearchInput!) {
    searchCompanies(input: $input) {
      total
      items { id name sector distanceKm availableSlotsCount nextSlotAt address { city } }
      markers { id name lat lng availableSlotsCount }
    }
  }`,
  variables: {
    input: { near: { lat: 45.7578, lng: 4.832 }, radiusKm: 30, sectors: ['metallurgy'], page: 1 },
  },
});

/** The same search asked by a school teacher, the school holidays of their zone left out (issue 20). */
const TEACHER_SEARCH_BODY = JSON.stringify({
  ...JSON.parse(SEARCH_BODY),
  variables: {
    input: {
      near: { lat: 45.7578, lng: 4.832 },
      radiusKm: 30,
      sectors: ['metallurgy'],
      page: 1,
      excludeHolidays: true,
    },
  },
});

/** A session of a school teacher of the large data set (the holidays of their zone are left out). */
async function teacherToken(): Promise<string> {
  const db = openDb(LARGE_DB_URL);
  try {
    const { rows } = await db.client.execute(
      "SELECT id FROM users WHERE kind = 'teacher' AND coalesce(profile_type, 'teacher') = 'teacher' ORDER BY id LIMIT 1",
    );
    const token = generateSessionToken();
    await createSession(db, token, Number(rows[0]?.id), new Date());
    return token;
  } finally {
    db.client.close();
  }
}

/**
 * `searchCompanies` on the large data set at 20 concurrent clients, beside the same run's bare route and
 * `availableSlotsCount` (10 clients, measured by the landing benchmark): the GraphQL front door's budgets.
 */
export async function benchSearch(app: Service, bare: LoadResult, count: LoadResult): Promise<boolean> {
  const probe = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: SEARCH_BODY,
  });
  const { data } = (await probe.json()) as {
    data?: { searchCompanies: { total: number; markers: unknown[] } };
  };
  const result = await load('graphql searchCompanies (Lyon 30 km, 1 sector)', {
    url: `${app.url}/graphql`,
    connections: 20,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: SEARCH_BODY,
  });
  const teacher = await load('graphql searchCompanies, a teacher, holidays left out', {
    url: `${app.url}/graphql`,
    connections: 20,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await teacherToken()}` },
    body: TEACHER_SEARCH_BODY,
  });
  console.log(
    `\nSearch on the large data set: ${data?.searchCompanies.total ?? '?'} matches, ` +
      `${data?.searchCompanies.markers.length ?? '?'} markers per answer.`,
  );
  printTable([bare, count, result, teacher], bare);
  const countRatio = count.requestsPerSecond / bare.requestsPerSecond;
  return [
    budget('searchCompanies p99 ≤ 25 ms at 20 clients', result.p99 <= 25, `${result.p99} ms`),
    budget(
      'a teacher’s searchCompanies (holidays left out) p99 ≤ 25 ms',
      teacher.p99 <= 25,
      `${teacher.p99} ms`,
    ),
    budget(
      'availableSlotsCount ≥ 10 % of bare',
      countRatio >= 0.1,
      `${(100 * countRatio).toFixed(1)} % (${count.requestsPerSecond} req/s, p99 ${count.p99} ms)`,
    ),
    budget(
      'searchCompanies: no errors',
      result.errors + result.non2xx + teacher.errors + teacher.non2xx === 0,
      `${result.errors + result.non2xx + teacher.errors + teacher.non2xx}`,
    ),
  ].every(Boolean);
}

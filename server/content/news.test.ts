import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEWS_MESSAGES } from '../../common/content.ts';
import { createTestApp, insertCompany, insertUser, loginAs } from '../../tests/fixtures/app.ts';
import { articleFor } from './articles.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const CREATE = `mutation ($input: CompanyNewsInput!) {
  createCompanyNews(input: $input) { id title publishedAt url }
}`;
const news = (publishedOn: string) => ({
  title: 'Portes ouvertes',
  summary: 'Le 12 mars',
  body: 'Venez découvrir nos ateliers.\n\nInscription auprès de l’accueil.',
  publishedOn,
});

let t: TestApp;
let recruiter: string;
let other: string;
let companyId: number;

beforeEach(async () => {
  t = await createTestApp();
  companyId = (await insertCompany(t.db, { name: 'Forges de Test' })).id;
  const otherCompany = await insertCompany(t.db, { name: 'Autre' });
  recruiter = await loginAs(t.db, (await insertUser(t.db, { kind: 'recruiter', companyId })).id);
  other = await loginAs(t.db, (await insertUser(t.db, { kind: 'recruiter', companyId: otherCompany.id })).id);
});
afterEach(() => t.close());

/** What /article/{id} shows a visitor, or null (a 404). */
const articleOf = (id: string | undefined) => articleFor(null, Number(id), t.deps);

describe("companies' news", () => {
  it('is published on its day at /article/{id} and on the company; a scheduled one is its company’s preview only', async () => {
    const today = await t.graphql<{ createCompanyNews: { id: string; url: string; publishedAt: string } }>(
      CREATE,
      { input: news('2026-03-10') },
      { token: recruiter },
    );
    expect(today.errors).toBeUndefined();
    const published = today.data?.createCompanyNews;
    expect(published?.publishedAt).toBe('2026-03-09T23:00:00.000Z');
    expect(published?.url).toBe(`http://localhost:3000/article/${published?.id}`);
    const later = await t.graphql<{ createCompanyNews: { id: string } }>(
      CREATE,
      { input: { ...news('2026-04-01'), title: 'Nouvelle ligne' } },
      { token: recruiter },
    );
    const scheduledId = later.data?.createCompanyNews.id;

    const company = await t.graphql<{ company: { news: { title: string }[] } }>(
      'query ($id: ID!) { company(id: $id) { news { title } } }',
      { id: companyId },
    );
    expect(company.data?.company.news.map((item) => item.title)).toEqual(['Portes ouvertes']);
    const article = await articleOf(published?.id);
    expect(article?.article.body).toContain('Venez découvrir nos ateliers.');
    expect(article?.company).toEqual({ id: companyId, name: 'Forges de Test' });
    expect(await articleOf(scheduledId)).toBeNull();
    const preview = await articleFor(
      { id: 0, kind: 'recruiter', companyId, firstName: '', lastName: '', sessionId: '', regionCode: null },
      Number(scheduledId),
      t.deps,
    );
    expect(preview?.scheduled).toBe(true);
    const mine = await t.graphql<{ myCompanyNews: { title: string }[] }>(
      '{ myCompanyNews { title } }',
      {},
      { token: recruiter },
    );
    expect(mine.data?.myCompanyNews.map((item) => item.title)).toEqual(['Nouvelle ligne', 'Portes ouvertes']);
  });

  it('is changed and deleted by its own company only; a date over a year ahead is refused under its field', async () => {
    const created = await t.graphql<{ createCompanyNews: { id: string } }>(
      CREATE,
      { input: news('2026-03-10') },
      { token: recruiter },
    );
    const id = created.data?.createCompanyNews.id;
    const update = `mutation ($id: ID!, $input: CompanyNewsInput!) { updateCompanyNews(id: $id, input: $input) { title } }`;
    const byOther = await t.graphql(update, { id, input: news('2026-03-10') }, { token: other });
    expect(byOther.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const changed = await t.graphql(
      update,
      { id, input: { ...news('2026-03-10'), title: 'Journée métiers' } },
      { token: recruiter },
    );
    expect(changed.data).toEqual({ updateCompanyNews: { title: 'Journée métiers' } });
    const far = await t.graphql(CREATE, { input: news('2027-06-01') }, { token: recruiter });
    expect(far.errors?.[0]?.extensions).toMatchObject({
      fields: { publishedOn: NEWS_MESSAGES.publishedOnRange },
    });
    const remove = 'mutation ($id: ID!) { deleteCompanyNews(id: $id) }';
    expect((await t.graphql(remove, { id }, { token: other })).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    expect((await t.graphql(remove, { id }, { token: recruiter })).data).toEqual({ deleteCompanyNews: true });
    expect(await articleOf(id)).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAQ_MESSAGES } from '../../common/platform-content.ts';
import { TEXT_MESSAGES } from '../../common/text.ts';
import { articles, faqEntries } from '../../db/schema.ts';
import { createTestApp, insertCompany, insertUser, loginAs, TEST_NOW } from '../../tests/fixtures/app.ts';
import { contentForAdmin } from '../admin/index.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { articleFor, faqFor, publishedArticles } from './index.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const UPSERT_ARTICLE = `mutation ($input: ArticleInput!) {
  upsertArticle(input: $input) { id title publishedAt updatedAt }
}`;
const UPSERT_FAQ = `mutation ($input: FaqEntryInput!) {
  upsertFaqEntry(input: $input) { id question audience position }
}`;
const HOUR = 3_600_000;

const viewer = (kind: Viewer['kind'], regionCode: string | null = null): Viewer => ({
  id: 1,
  kind,
  companyId: kind === 'recruiter' ? 1 : null,
  firstName: 'Camille',
  lastName: 'Martin',
  sessionId: 's',
  regionCode,
});

let t: TestApp;
let admin: string;
let operator: string;

beforeEach(async () => {
  t = await createTestApp();
  admin = await loginAs(t.db, (await insertUser(t.db, { kind: 'admin' })).id);
  operator = await loginAs(t.db, (await insertUser(t.db, { kind: 'admin', operatorRegion: '06' })).id);
});
afterEach(() => t.close());

describe('platform articles', () => {
  it('keep the first publication date, and the last save as updatedAt', async () => {
    const draft = await t.graphql<{
      upsertArticle: { id: string; publishedAt: string | null; updatedAt: string };
    }>(
      UPSERT_ARTICLE,
      { input: { title: 'Semaine de l’industrie', body: 'Texte', published: false } },
      { token: admin },
    );
    const id = draft.data?.upsertArticle.id;
    expect(draft.data?.upsertArticle).toMatchObject({ publishedAt: null, updatedAt: TEST_NOW.toISOString() });

    const later = new Date(TEST_NOW.getTime() + HOUR);
    t.clock.set(later);
    const published = await t.graphql<{ upsertArticle: { publishedAt: string; updatedAt: string } }>(
      UPSERT_ARTICLE,
      { input: { id, title: 'Semaine de l’industrie', body: 'Texte', published: true } },
      { token: admin },
    );
    expect(published.data?.upsertArticle).toMatchObject({
      publishedAt: later.toISOString(),
      updatedAt: later.toISOString(),
    });

    const evenLater = new Date(later.getTime() + HOUR);
    t.clock.set(evenLater);
    const edited = await t.graphql<{ upsertArticle: { publishedAt: string; updatedAt: string } }>(
      UPSERT_ARTICLE,
      { input: { id, title: 'Semaine de l’industrie 2026', body: 'Texte', published: true } },
      { token: admin },
    );
    expect(edited.data?.upsertArticle).toMatchObject({
      publishedAt: later.toISOString(),
      updatedAt: evenLater.toISOString(),
    });
  });

  it('are read at /article/{id} once published; a draft by the national administrators only, marked', async () => {
    const [draft, published] = await t.db
      .insert(articles)
      .values([
        { title: 'Brouillon', body: 'Pas encore', publishedAt: null },
        { title: 'Publié', body: 'Lisible', publishedAt: new Date(TEST_NOW.getTime() - HOUR) },
      ])
      .returning();
    if (!draft || !published) throw new Error('articles not inserted');

    for (const reader of [null, viewer('teacher'), viewer('recruiter'), viewer('admin', '06')]) {
      expect(await articleFor(reader, draft.id, t.deps)).toBeNull();
      expect(await articleFor(reader, published.id, t.deps)).toMatchObject({
        article: { title: 'Publié' },
        draft: false,
      });
    }
    expect(await articleFor(viewer('admin'), draft.id, t.deps)).toMatchObject({
      article: { title: 'Brouillon' },
      draft: true,
    });
    expect(await articleFor(viewer('admin'), published.id + 100, t.deps)).toBeNull();
  });

  it('a company’s news item is not a platform article: the landing pages and the content screen leave it out', async () => {
    const company = await insertCompany(t.db);
    await t.db.insert(articles).values([
      { title: 'Ancien', body: 'x', publishedAt: new Date(TEST_NOW.getTime() - 3 * HOUR) },
      { title: 'Récent', body: 'x', publishedAt: new Date(TEST_NOW.getTime() - HOUR) },
      { title: 'Moyen', body: 'x', publishedAt: new Date(TEST_NOW.getTime() - 2 * HOUR) },
      { title: 'Brouillon', body: 'x', publishedAt: null },
      { title: 'Programmé', body: 'x', publishedAt: new Date(TEST_NOW.getTime() + HOUR) },
      { title: 'Nouvelle de l’entreprise', body: 'x', companyId: company.id, publishedAt: TEST_NOW },
    ]);
    expect((await publishedArticles(t.deps, 2)).map((a) => a.title)).toEqual(['Récent', 'Moyen']);
    const all = await publishedArticles(t.deps, 10);
    expect(all.map((a) => a.title)).toEqual(['Récent', 'Moyen', 'Ancien']);
    expect(all[0]?.publishedAt).toEqual(new Date(TEST_NOW.getTime() - HOUR));
    const { articles: listed } = await contentForAdmin(viewer('admin'), t.deps);
    expect(listed.map((a) => a.title).sort()).toEqual([
      'Ancien',
      'Brouillon',
      'Moyen',
      'Programmé',
      'Récent',
    ]);
  });

  it('are listed for the content screen to the national administrators only', async () => {
    await expect(contentForAdmin(viewer('admin', '06'), t.deps)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(contentForAdmin(viewer('teacher'), t.deps)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(contentForAdmin(null, t.deps)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('the FAQ', () => {
  beforeEach(async () => {
    await t.db.insert(faqEntries).values([
      { audience: 'visitor', question: 'Pour tous', answer: 'R', position: 0 },
      { audience: 'teacher', question: 'Pour les enseignants', answer: 'R', position: 0 },
      { audience: 'company', question: 'Pour les entreprises', answer: 'R', position: 0 },
    ]);
  });

  it('is read by audience: visitors theirs, teachers and companies theirs and the visitors’', async () => {
    const questions = async (reader: Viewer | null) =>
      (await faqFor(reader, t.deps)).map((entry) => entry.question).sort();
    expect(await questions(null)).toEqual(['Pour tous']);
    expect(await questions(viewer('teacher'))).toEqual(['Pour les enseignants', 'Pour tous']);
    expect(await questions(viewer('recruiter'))).toEqual(['Pour les entreprises', 'Pour tous']);
    expect(await questions(viewer('admin'))).toHaveLength(3);
  });

  it('puts a new entry at the end of its audience unless a position is given', async () => {
    const add = (input: Record<string, unknown>) =>
      t.graphql<{ upsertFaqEntry: { position: number } }>(UPSERT_FAQ, { input }, { token: admin });
    const end = await add({ question: 'Et ensuite ?', answer: 'R', audience: 'teacher' });
    expect(end.data?.upsertFaqEntry.position).toBe(1);
    const placed = await add({ question: 'Avant tout ?', answer: 'R', audience: 'teacher', position: 0 });
    expect(placed.data?.upsertFaqEntry.position).toBe(0);
  });

  it('places an entry before the one holding its position, the next ones moving down one', async () => {
    const add = async (question: string, position?: number) => {
      const result = await t.graphql<{ upsertFaqEntry: { id: string } }>(
        UPSERT_FAQ,
        { input: { question, answer: 'R', audience: 'teacher', position } },
        { token: admin },
      );
      return result.data?.upsertFaqEntry.id;
    };
    await add('Deuxième ?');
    const third = await add('Troisième ?');
    await add('Avant tout ?', 0);
    const teachers = async () =>
      (await faqFor(viewer('teacher'), t.deps))
        .filter((entry) => entry.audience === 'teacher')
        .map((entry) => `${entry.position} ${entry.question}`);
    expect(await teachers()).toEqual([
      '0 Avant tout ?',
      '1 Pour les enseignants',
      '2 Deuxième ?',
      '3 Troisième ?',
    ]);
    // Moved to where it already is, or to a free place, nothing else moves.
    await t.graphql(
      UPSERT_FAQ,
      { input: { id: third, question: 'Troisième ?', answer: 'R', audience: 'teacher', position: 3 } },
      { token: admin },
    );
    await t.graphql(
      UPSERT_FAQ,
      { input: { id: third, question: 'Troisième ?', answer: 'R', audience: 'teacher', position: 1 } },
      { token: admin },
    );
    expect(await teachers()).toEqual([
      '0 Avant tout ?',
      '1 Troisième ?',
      '2 Pour les enseignants',
      '3 Deuxième ?',
    ]);
    // Another audience's positions are its own.
    expect((await faqFor(null, t.deps)).map((entry) => entry.position)).toEqual([0]);
  });

  it('refuses a bad entry with a French message under each field, and writes nothing', async () => {
    const refused = await t.graphql(
      UPSERT_FAQ,
      { input: { question: '  ', answer: 'x'.repeat(5001), audience: 'teacher', position: -1 } },
      { token: admin },
    );
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: {
        question: 'Ce champ est requis',
        answer: TEXT_MESSAGES.tooLong(5000),
        position: FAQ_MESSAGES.position,
      },
    });
    expect(await t.db.select().from(faqEntries)).toHaveLength(3);
    const byOperator = await t.graphql(
      UPSERT_FAQ,
      { input: { question: 'Q ?', answer: 'R', audience: 'teacher' } },
      { token: operator },
    );
    expect(byOperator.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

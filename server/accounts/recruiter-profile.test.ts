import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import { recruitmentTokens } from '../../db/schema/accounts.ts';
import { createTestApp, insertCompany, insertUser, loginAs } from '../../tests/fixtures/app.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { hashPassword } from './password.ts';
import { CURRENT_PASSWORD_WRONG } from './password-check.ts';
import { withRecruitmentTokenOfPassword } from './recruitment-token.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const CHANGE =
  'mutation ($c: String!, $n: String!) { changeMyPassword(currentPassword: $c, newPassword: $n) }';

describe("the recruiter's own profile (issue 14)", () => {
  let t: TestApp;
  let token: string;
  let viewer: Viewer;

  const start = async (env: Record<string, string> = {}) => {
    t = await createTestApp({ env });
    const company = await insertCompany(t.db);
    const recruiter = await insertUser(t.db, {
      kind: 'recruiter',
      companyId: company.id,
      email: 'ines@forges.fr',
      passwordHash: await hashPassword('Motdepasse-1'),
    });
    token = await loginAs(t.db, recruiter.id);
    viewer = {
      id: recruiter.id,
      kind: 'recruiter',
      companyId: company.id,
      firstName: recruiter.firstName,
      lastName: recruiter.lastName,
      sessionId: 'session',
      regionCode: null,
    };
  };
  afterEach(() => t.close());

  describe('with the built-in recruitment site', () => {
    beforeEach(() => start());

    it('changes the name', async () => {
      const saved = await t.graphql(
        'mutation { updateMyName(input: { firstName: "Inès", lastName: "Roux" }) { firstName lastName } }',
        {},
        { token },
      );
      expect(saved.data).toEqual({ updateMyName: { firstName: 'Inès', lastName: 'Roux' } });
    });

    it('changes the password with the site’s token: the site then takes the new one and ends its refresh tokens', async () => {
      const { accessToken, refreshToken } = await t.deps.recruitmentSite.login(
        'ines@forges.fr',
        'Motdepasse-1',
      );
      const withoutToken = await t.graphql(CHANGE, { c: 'Motdepasse-1', n: 'Nouveau-mot-2' }, { token });
      expect(withoutToken.errors?.[0]?.extensions?.code).toBe('missing_lir_token');
      const changed = await t.graphql(
        CHANGE,
        { c: 'Motdepasse-1', n: 'Nouveau-mot-2' },
        { token, headers: { 'X-Recruitment-Token': accessToken } },
      );
      expect(changed.data).toEqual({ changeMyPassword: true });
      await expect(t.deps.recruitmentSite.login('ines@forges.fr', 'Motdepasse-1')).rejects.toThrow();
      await expect(t.deps.recruitmentSite.login('ines@forges.fr', 'Nouveau-mot-2')).resolves.toBeTruthy();
      await expect(t.deps.recruitmentSite.refresh(refreshToken)).rejects.toThrow();
    });

    it('gets the site’s token with the current password for a form without JavaScript, as a login: a wrong one is a failure, the refresh token ends', async () => {
      const clientIp = '203.0.113.9';
      const act = (accessToken: string) => t.deps.recruitmentSite.verifyAccessToken(accessToken);
      await expect(
        withRecruitmentTokenOfPassword(viewer, { currentPassword: 'Pas-le-bon-1', clientIp }, t.deps, act),
      ).rejects.toMatchObject({
        code: 'BAD_USER_INPUT',
        extensions: { fields: { currentPassword: CURRENT_PASSWORD_WRONG } },
      });
      const [failures] = await t.deps.rateLimiter.peek(['login:account:ines@forges.fr'], t.deps.clock.now());
      expect(failures?.count).toBe(1);

      const claims = await withRecruitmentTokenOfPassword(
        viewer,
        { currentPassword: 'Motdepasse-1', clientIp },
        t.deps,
        act,
      );
      expect(claims).toEqual({ email: 'ines@forges.fr' });
      // A success takes the account's failures back, and leaves no refresh token on the site.
      const [after] = await t.deps.rateLimiter.peek(['login:account:ines@forges.fr'], t.deps.clock.now());
      expect(after?.count).toBe(0);
      expect(
        await t.db.select().from(recruitmentTokens).where(eq(recruitmentTokens.userId, viewer.id)),
      ).toEqual([]);
    });
  });

  it('is refused with an outside recruitment site, whose password the platform cannot change', async () => {
    await start({
      RECRUITMENT_SITE: 'http',
      RECRUITMENT_SITE_URL: 'http://127.0.0.1:9',
      RECRUITMENT_SITE_CLIENT_ID: 'passerelle',
      RECRUITMENT_SITE_CLIENT_SECRET: 'secret',
    });
    const refused = await t.graphql(CHANGE, { c: 'Motdepasse-1', n: 'Nouveau-mot-2' }, { token });
    expect(refused.errors?.[0]?.extensions?.code).toBe('password_on_recruitment_site');
    expect(refused.errors?.[0]?.message).toBe(ERROR_MESSAGES.password_on_recruitment_site);
  });
});

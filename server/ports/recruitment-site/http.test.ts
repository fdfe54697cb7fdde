import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OAuthSiteServer, startOAuthSiteServer } from '../../../tests/fixtures/oauth-site-server.ts';
import { type RecruitmentSite, RecruitmentSiteUnavailable } from '../../kernel/ports/recruitment-site.ts';
import { createHttpRecruitmentSite } from './http.ts';
import { createRecruitmentSite } from './index.ts';

const PASSWORD = 'Forge-Secret-2026!';
const RECRUITER = {
  email: 'lea.durand@forges.fr',
  password: PASSWORD,
  firstName: 'Léa',
  lastName: 'Durand',
  companySiret: '51234567900017',
};

let remote: OAuthSiteServer;
let site: RecruitmentSite;

beforeAll(async () => {
  remote = await startOAuthSiteServer();
  site = createRecruitmentSite({
    adapter: 'http',
    baseUrl: `${remote.url}/`,
    clientId: remote.clientId,
    clientSecret: remote.clientSecret,
  });
  remote.addAccount(RECRUITER);
  remote.setJobOffers('51234567900017', [
    {
      id: 'off-1',
      title: 'Soudeur ou soudeuse TIG',
      contractType: 'CDI',
      location: 'Vénissieux (69)',
      url: 'https://emploi.example.fr/off-1',
      publishedAt: '2026-03-02T08:00:00Z',
    },
    {
      id: 'off-2',
      title: 'Apprenti chaudronnier',
      contractType: null,
      location: null,
      url: null,
      publishedAt: null,
    },
  ]);
});
afterAll(() => remote.close());
beforeEach(() => {
  remote.setMode('up');
  remote.requests.length = 0;
});

describe('the HTTP recruitment site', () => {
  describe('login', () => {
    it('uses the password grant, form-encoded with the client credentials', async () => {
      const tokens = await site.login(RECRUITER.email, PASSWORD);
      expect(tokens).toEqual({
        accessToken: expect.any(String),
        expiresIn: 3600,
        refreshToken: expect.any(String),
      });
      expect(remote.requests).toEqual([{ method: 'POST', path: '/oauth/token', authorization: undefined }]);
      expect(await site.verifyAccessToken(tokens.accessToken)).toEqual({ email: RECRUITER.email });
    });

    it('turns a refused grant into wrong_credentials', async () => {
      await expect(site.login(RECRUITER.email, 'Wrong-2026!')).rejects.toMatchObject({
        code: 'wrong_credentials',
      });
      await expect(site.login('nobody@forges.fr', PASSWORD)).rejects.toMatchObject({
        code: 'wrong_credentials',
      });
    });

    it('reports a client the site refuses as unavailable, not as the user’s mistake', async () => {
      const misconfigured = createHttpRecruitmentSite({
        baseUrl: remote.url,
        clientId: remote.clientId,
        clientSecret: 'not-the-secret',
      });
      const failure = misconfigured.login(RECRUITER.email, PASSWORD);
      await expect(failure).rejects.toBeInstanceOf(RecruitmentSiteUnavailable);
      await expect(failure).rejects.toMatchObject({ status: 401 });
    });
  });

  describe('refresh', () => {
    it('rotates the refresh token', async () => {
      const first = await site.login(RECRUITER.email, PASSWORD);
      const second = await site.refresh(first.refreshToken);
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect(await site.verifyAccessToken(second.accessToken)).toEqual({ email: RECRUITER.email });
    });

    it('turns a refused, reused or unknown refresh token into UNAUTHENTICATED', async () => {
      const first = await site.login(RECRUITER.email, PASSWORD);
      const second = await site.refresh(first.refreshToken);
      await expect(site.refresh(first.refreshToken)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      await expect(site.refresh(second.refreshToken)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      await expect(site.refresh('unknown')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    });
  });

  describe('createRecruiter', () => {
    it('creates the account with the client credentials, then refuses the same e-mail', async () => {
      const input = { ...RECRUITER, email: 'noe.petit@forges.fr', firstName: 'Noé', lastName: 'Petit' };
      await site.createRecruiter(input);
      expect(remote.account('noe.petit@forges.fr')).toMatchObject({
        firstName: 'Noé',
        companySiret: '51234567900017',
      });
      expect(remote.requests[0]?.authorization).toMatch(/^Basic /);
      expect(await site.login('noe.petit@forges.fr', PASSWORD)).toHaveProperty('accessToken');
      await expect(site.createRecruiter({ ...input, email: 'NOE.PETIT@forges.fr' })).rejects.toMatchObject({
        code: 'cannot_create_ir_recruiter',
      });
    });
  });

  describe('verifyAccessToken', () => {
    it('answers null for an unknown or expired token', async () => {
      expect(await site.verifyAccessToken('unknown')).toBeNull();
      const { accessToken } = await site.login(RECRUITER.email, PASSWORD);
      remote.expireAccessTokens();
      expect(await site.verifyAccessToken(accessToken)).toBeNull();
    });
  });

  describe('jobOffers', () => {
    it("reads the company's offers, with the recruiter's token when there is one", async () => {
      const { accessToken } = await site.login(RECRUITER.email, PASSWORD);
      const offers = await site.jobOffers({ companySiret: '51234567900017', accessToken });
      expect(offers).toEqual([
        {
          id: 'off-1',
          title: 'Soudeur ou soudeuse TIG',
          contractType: 'CDI',
          location: 'Vénissieux (69)',
          url: 'https://emploi.example.fr/off-1',
          publishedAt: new Date('2026-03-02T08:00:00Z'),
        },
        {
          id: 'off-2',
          title: 'Apprenti chaudronnier',
          contractType: null,
          location: null,
          url: null,
          publishedAt: null,
        },
      ]);
      expect(remote.requests.at(-1)).toEqual({
        method: 'GET',
        path: '/api/companies/51234567900017/job-offers',
        authorization: `Bearer ${accessToken}`,
      });
      expect(await site.jobOffers({ companySiret: '51234567900017' })).toHaveLength(2);
    });

    it('answers no offers for a company the site does not know', async () => {
      expect(await site.jobOffers({ companySiret: '82345678500018' })).toEqual([]);
    });

    it('is unavailable when the token is refused', async () => {
      await expect(
        site.jobOffers({ companySiret: '51234567900017', accessToken: 'expired' }),
      ).rejects.toMatchObject({
        name: 'RecruitmentSiteUnavailable',
        status: 401,
      });
    });
  });

  describe('when the site is down', () => {
    it('throws RecruitmentSiteUnavailable from every call', async () => {
      remote.setMode('down');
      const calls = [
        () => site.login(RECRUITER.email, PASSWORD),
        () => site.refresh('any'),
        () => site.createRecruiter({ ...RECRUITER, email: 'down@forges.fr' }),
        () => site.verifyAccessToken('any'),
        () => site.jobOffers({ companySiret: '51234567900017' }),
      ];
      for (const call of calls) {
        await expect(call()).rejects.toMatchObject({ name: 'RecruitmentSiteUnavailable', status: 503 });
      }
    });

    it('gives up after the timeout when the site does not answer', async () => {
      remote.setMode('hang');
      const impatient = createHttpRecruitmentSite({
        baseUrl: remote.url,
        clientId: remote.clientId,
        clientSecret: remote.clientSecret,
        timeoutMs: 200,
      });
      for (const call of [
        () => impatient.login(RECRUITER.email, PASSWORD),
        () => impatient.jobOffers({ companySiret: '51234567900017' }),
      ]) {
        const error = await call().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(RecruitmentSiteUnavailable);
        expect((error as Error).cause).toMatchObject({ name: 'TimeoutError' });
      }
    });

    it('is unavailable when nothing listens', async () => {
      const gone = await startOAuthSiteServer();
      await gone.close();
      const orphan = createHttpRecruitmentSite({ baseUrl: gone.url, clientId: 'x', clientSecret: 'y' });
      await expect(orphan.verifyAccessToken('any')).rejects.toBeInstanceOf(RecruitmentSiteUnavailable);
    });

    it('is unavailable when the site answers an unexpected status', async () => {
      const other = createHttpRecruitmentSite({
        baseUrl: `${remote.url}/elsewhere`,
        clientId: remote.clientId,
        clientSecret: remote.clientSecret,
      });
      await expect(other.login(RECRUITER.email, PASSWORD)).rejects.toMatchObject({ status: 404 });
    });
  });
});

import { describe, expect, it } from 'vitest';
import { clockOf, systemClock } from './clock.ts';
import { readConfig, requireOwnSecret } from './config.ts';

describe('configuration', () => {
  it('defaults to this machine on PORT, where e-mail links then point', () => {
    expect(readConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(readConfig({ PORT: '3301' }).PUBLIC_URL).toBe('http://localhost:3301');
    expect(readConfig({ PORT: '3301', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://localhost:3301');
  });

  it('needs a JWT secret anywhere but localhost', () => {
    expect(() => readConfig({ PUBLIC_URL: 'https://passerelle-industrie.fr' })).toThrow(/JWT_SECRET/);
    expect(
      readConfig({ PUBLIC_URL: 'https://passerelle-industrie.fr', JWT_SECRET: 'x'.repeat(32) }).isLocalhost,
    ).toBe(false);
  });

  it('refuses to serve in production mode on the stand-in secret, even on localhost (issue 22)', () => {
    expect(() => requireOwnSecret(readConfig({}))).toThrow(/JWT_SECRET/);
    expect(() => requireOwnSecret(readConfig({ JWT_SECRET: 'x'.repeat(32) }))).not.toThrow();
    expect(() => requireOwnSecret(readConfig({ NODE_ENV: 'development' }))).not.toThrow();
  });

  it('moves the clock for tests only: any other NODE_ENV, production first, refuses to start on it', () => {
    const day = Date.parse('2026-12-18T15:00:00Z');
    const offset = String(day - Date.now());
    expect(() => readConfig({ TEST_CLOCK_OFFSET_MS: offset })).toThrow(/TEST_CLOCK_OFFSET_MS/);
    expect(() => readConfig({ NODE_ENV: 'development', TEST_CLOCK_OFFSET_MS: offset })).toThrow(
      /for tests only/,
    );
    const moved = clockOf(readConfig({ NODE_ENV: 'test', TEST_CLOCK_OFFSET_MS: offset })).now();
    expect(Math.abs(moved.getTime() - day)).toBeLessThan(60_000);
    expect(clockOf(readConfig({ NODE_ENV: 'test' }))).toBe(systemClock);
  });

  it('needs the site address and client for the HTTP recruitment-site connector', () => {
    expect(() => readConfig({ RECRUITMENT_SITE: 'http' })).toThrow(/RECRUITMENT_SITE_URL/);
  });

  it('picks the mail transport: SMTP when SMTP_URL is set, the HTTP API when asked, with what each needs', () => {
    expect(readConfig({}).mailTransport).toBeNull();
    expect(readConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mailTransport).toBe('smtp');
    expect(readConfig({ MAIL_TRANSPORT: 'brevo', MAIL_API_KEY: 'xkeysib-1' })).toMatchObject({
      mailTransport: 'brevo',
      MAIL_API_URL: 'https://api.brevo.com/v3',
    });
    // A Worker given its API key as a secret sends through the API without another setting.
    expect(readConfig({ MAIL_API_KEY: 'xkeysib-1' }).mailTransport).toBe('brevo');
    expect(() => readConfig({ MAIL_TRANSPORT: 'brevo' })).toThrow(/MAIL_API_KEY/);
    expect(() => readConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL/);
  });
});

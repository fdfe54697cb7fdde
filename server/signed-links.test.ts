import { describe, expect, it } from 'vitest';
import { signLink, verifyLink } from './signed-links.ts';

const SECRET = 'a-test-secret-of-at-least-thirty-two-chars';
const NOW = new Date('2026-12-01T08:00:00Z');

describe('signed links', () => {
  it('gives back what was signed, for its purpose', () => {
    const token = signLink(SECRET, {
      purpose: 'meeting-confirm',
      subject: 12,
      actor: 7,
      expiresAt: NOW.getTime() + 1,
    });
    expect(verifyLink(SECRET, token, 'meeting-confirm', NOW)).toEqual({
      ok: true,
      link: { purpose: 'meeting-confirm', subject: 12, actor: 7, expiresAt: NOW.getTime() + 1 },
    });
  });

  it('refuses a link of another purpose, even signed', () => {
    const token = signLink(SECRET, { purpose: 'meeting-confirm', subject: 12 });
    expect(verifyLink(SECRET, token, 'meeting-release', NOW)).toEqual({ ok: false, reason: 'wrong-purpose' });
  });

  it('refuses a tampered link, or one signed with another secret', () => {
    const token = signLink(SECRET, { purpose: 'unsubscribe-weekly-mail', subject: 3 });
    const [body, signature] = token.split('.') as [string, string];
    const otherBody = signLink(SECRET, { purpose: 'unsubscribe-weekly-mail', subject: 4 }).split('.')[0];
    expect(verifyLink(SECRET, `${otherBody}.${signature}`, 'unsubscribe-weekly-mail', NOW).ok).toBe(false);
    expect(verifyLink(SECRET, `${body}.${signature.slice(0, -2)}AA`, 'unsubscribe-weekly-mail', NOW).ok).toBe(
      false,
    );
    expect(verifyLink(`${SECRET}!`, token, 'unsubscribe-weekly-mail', NOW).ok).toBe(false);
    for (const junk of ['', '.', 'abc', `${token}.x`, 'é.é', 'x'.repeat(600)]) {
      expect(verifyLink(SECRET, junk, 'unsubscribe-weekly-mail', NOW)).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
  });

  it('expires at its time, and a link without one never does', () => {
    const token = signLink(SECRET, { purpose: 'meeting-release', subject: 1, expiresAt: NOW.getTime() });
    expect(verifyLink(SECRET, token, 'meeting-release', new Date(NOW.getTime() - 1)).ok).toBe(true);
    expect(verifyLink(SECRET, token, 'meeting-release', NOW)).toEqual({ ok: false, reason: 'expired' });
    const forever = signLink(SECRET, { purpose: 'unsubscribe-weekly-mail', subject: 1 });
    expect(verifyLink(SECRET, forever, 'unsubscribe-weekly-mail', new Date('2099-01-01')).ok).toBe(true);
  });
});

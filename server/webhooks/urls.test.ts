import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '../../common/webhooks.ts';
import { webhookUrlProblem } from './urls.ts';

const publicPlatform = { servedOnLocalhost: false };
const localPlatform = { servedOnLocalhost: true };

describe('webhookUrlProblem', () => {
  it('takes https to a public host', () => {
    expect(webhookUrlProblem('https://hooks.region.example/passerelle', publicPlatform)).toBeNull();
    expect(webhookUrlProblem('https://203.0.113.10:8443/in', publicPlatform)).toBeNull();
  });

  it('refuses http, credentials and what is not a URL', () => {
    expect(webhookUrlProblem('http://hooks.region.example/in', publicPlatform)).toBe(
      WEBHOOK_MESSAGES.notHttps,
    );
    expect(webhookUrlProblem('https://user:pass@hooks.region.example/in', publicPlatform)).toBe(
      WEBHOOK_MESSAGES.withCredentials,
    );
    expect(webhookUrlProblem('hooks.region.example', publicPlatform)).toBe(WEBHOOK_MESSAGES.invalidUrl);
    expect(webhookUrlProblem('ftp://hooks.region.example', publicPlatform)).toBe(WEBHOOK_MESSAGES.invalidUrl);
  });

  it.each([
    'https://localhost/in',
    'https://api.localhost/in',
    'https://127.0.0.1/in',
    'https://2130706433/in',
    'https://0x7f.1/in',
    'https://10.1.2.3/in',
    'https://172.16.0.1/in',
    'https://192.168.1.10/in',
    'https://100.64.0.1/in',
    'https://169.254.169.254/latest/meta-data',
    'https://0.0.0.0/in',
    'https://[::1]/in',
    'https://[::]/in',
    'https://[fd12:3456::1]/in',
    'https://[fe80::1]/in',
    'https://[::ffff:127.0.0.1]/in',
    'https://[::ffff:10.0.0.1]/in',
    'https://intranet/in',
    'https://nas.local/in',
    'https://db.internal/in',
  ])('refuses %s: the platform’s own machine or a private network', (url) => {
    expect(webhookUrlProblem(url, publicPlatform)).toBe(WEBHOOK_MESSAGES.privateTarget);
  });

  it('takes http to the machine itself on a platform served on localhost (development, the tests), nothing else', () => {
    expect(webhookUrlProblem('http://127.0.0.1:4567/hooks', localPlatform)).toBeNull();
    expect(webhookUrlProblem('http://localhost:4567/hooks', localPlatform)).toBeNull();
    expect(webhookUrlProblem('http://hooks.region.example/in', localPlatform)).toBe(
      WEBHOOK_MESSAGES.notHttps,
    );
    expect(webhookUrlProblem('https://10.0.0.1/in', localPlatform)).toBe(WEBHOOK_MESSAGES.privateTarget);
  });
});

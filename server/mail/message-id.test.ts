import { describe, expect, it } from 'vitest';
import { mailDomain, messageIdOf } from './message-id.ts';

describe('Message-ID', () => {
  it('is made of the outbox row alone, at the sender’s domain', () => {
    const row = { id: 42, createdAt: new Date('2026-03-10T09:00:00Z') };
    const id = messageIdOf(row, 'passerelle-industrie.fr');
    expect(id).toBe(`<outbox-42.${row.createdAt.getTime().toString(36)}@passerelle-industrie.fr>`);
    expect(messageIdOf({ ...row }, 'passerelle-industrie.fr')).toBe(id);
    expect(messageIdOf({ ...row, id: 43 }, 'passerelle-industrie.fr')).not.toBe(id);
  });

  it('takes the domain of MAIL_FROM, else the host of PUBLIC_URL', () => {
    const url = 'https://passerelle.example.org';
    expect(mailDomain('Passerelle Industrie <contact@Passerelle-Industrie.fr>', url)).toBe(
      'passerelle-industrie.fr',
    );
    expect(mailDomain('ne-pas-repondre@mail.passerelle.test', url)).toBe('mail.passerelle.test');
    expect(mailDomain('Passerelle Industrie', url)).toBe('passerelle.example.org');
    expect(mailDomain('x@bad domain>', 'http://localhost:3000')).toBe('localhost');
  });
});

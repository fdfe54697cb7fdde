import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema.ts';
import { createTestApp, insertUser } from '../../tests/fixtures/app.ts';
import { ensureAdmin, operatorsOfRegion } from './index.ts';
import { requestPasswordReset } from './password-reset.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * An operator's account made from ADMIN_EMAIL, or invited by e-mail only, carries its team's name
 * (« Équipe Passerelle Industrie »), not a person's: its e-mails say « Bonjour, », never « Bonjour Équipe, »
 * (issue 36). An operator with a name of their own is greeted by it.
 */
describe('whom the e-mails greet', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('greets the operators of a region by their first name, and a team’s account by none', async () => {
    await ensureAdmin(t.db, 'admin@passerelle.example', 'Motdepasse-1!');
    await insertUser(t.db, { kind: 'admin', email: 'claire@passerelle.example', firstName: 'Claire' });
    expect(
      (await operatorsOfRegion(t.db, null)).map(({ email, firstName }) => ({ email, firstName })),
    ).toEqual([
      { email: 'admin@passerelle.example', firstName: '' },
      { email: 'claire@passerelle.example', firstName: 'Claire' },
    ]);
  });

  it('sends a team’s account its password link with « Bonjour, »', async () => {
    await ensureAdmin(t.db, 'admin@passerelle.example', 'Motdepasse-1!');
    await (await requestPasswordReset({ email: 'admin@passerelle.example', clientIp: '192.0.2.9' }, t.deps))
      .sending;
    await t.deps.events.deliver(t.db, t.clock.now());
    const [reset] = (await t.db.select().from(outbox))
      .map((row) => row.payload as { template: string; data: { firstName: string } })
      .filter((payload) => payload.template === 'passwordReset');
    expect(reset?.data.firstName).toBe('');
    expect(t.mail.messages.find((m) => m.to === 'admin@passerelle.example')?.text).toMatch(/^Bonjour,\n/);
  });
});

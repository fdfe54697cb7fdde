import type { PageContextServer } from 'vike/types';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sealText } from '../../server/kernel/seal.ts';
import type { FormPost } from './form-post.ts';
import { postedPassword, postedStep, resultOf, sealedResult } from './wizard-post.ts';

const SECRET = 'un-secret-de-test-assez-long-pour-la-plateforme';
const pageContext = { deps: { config: { JWT_SECRET: SECRET } } } as unknown as PageContextServer;
const post = (fields: Record<string, string>): FormPost => ({
  intent: 'next',
  fields,
  lists: {},
  files: {},
  addresses: {},
});

describe('a sign-up step’s password', () => {
  it('seals a password that passes the rule and its confirmation, for the next steps', async () => {
    const typed = await postedPassword(pageContext, post({ password: 'Motdepasse-1' }));
    expect(typed).toMatchObject({ password: 'Motdepasse-1', confirmation: '' });
    expect(typed.seal).not.toContain('Motdepasse-1');
    const later = await postedPassword(pageContext, post({ passwordSeal: typed.seal ?? '' }));
    expect(later).toEqual({ password: 'Motdepasse-1', confirmation: 'Motdepasse-1', seal: typed.seal });
  });

  it('seals nothing that the rule or the confirmation refuses, and drops the seal of before', async () => {
    const { seal } = await postedPassword(pageContext, post({ password: 'Motdepasse-1' }));
    for (const fields of [
      { password: 'faible' } as Record<string, string>,
      { password: 'Motdepasse-2', passwordConfirmation: 'Motdepasse-3' },
    ]) {
      const typed = await postedPassword(pageContext, post({ ...fields, passwordSeal: seal ?? '' }));
      expect(typed.seal).toBeNull();
      expect(typed.password).toBe(fields.password);
    }
  });

  it('opens no seal made elsewhere: tampered with, or sealed for another purpose', async () => {
    const joinRequest = await sealText(SECRET, 'join-request', 'Motdepasse-1');
    for (const passwordSeal of [joinRequest, `${joinRequest}x`, 'n’importe quoi']) {
      expect(await postedPassword(pageContext, post({ passwordSeal }))).toEqual({
        password: '',
        confirmation: '',
        seal: null,
      });
    }
  });
});

describe('a sign-up’s result page', () => {
  it('reads back what was sealed for its address, and nothing else', async () => {
    const schema = z.object({ name: z.string(), email: z.string() });
    const sealed = await sealedResult(pageContext, { name: 'FORGES', email: 'ines@forges.fr' });
    expect(sealed).not.toContain('forges');
    expect(await resultOf(pageContext, sealed, schema)).toEqual({ name: 'FORGES', email: 'ines@forges.fr' });
    const password = await sealText(SECRET, 'sign-up-password', JSON.stringify({ name: 'x', email: 'y' }));
    expect(await resultOf(pageContext, password, schema)).toBeNull();
    expect(await resultOf(pageContext, undefined, schema)).toBeNull();
    expect(await resultOf(pageContext, await sealedResult(pageContext, { name: 1 }), schema)).toBeNull();
  });
});

describe('the step posted', () => {
  it('is one of the wizard’s screens, else the first', () => {
    const screens = ['department', 'personal', 'wrongDepartment'] as const;
    expect(postedStep(post({ step: 'personal' }), screens)).toBe('personal');
    expect(postedStep(post({ step: 'toString' }), screens)).toBe('department');
    expect(postedStep(post({}), screens)).toBe('department');
  });
});

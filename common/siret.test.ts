import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { isLuhnValid, isValidSiret, luhnCheckDigit, normalizeSiret, sirenOf, siretSchema } from './siret.ts';

const issuesOf = (input: unknown) => {
  const result = siretSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('normalizeSiret and sirenOf', () => {
  it('drops every kind of space', () => {
    expect(normalizeSiret(' 732 829 320 00074 ')).toBe('73282932000074');
    expect(normalizeSiret('732\u00a0829\u202f320\t00074')).toBe('73282932000074');
  });

  it('reads the SIREN from the first nine digits', () => {
    expect(sirenOf('732 829 320 00074')).toBe('732829320');
  });
});

describe('isValidSiret', () => {
  it.each(['73282932000074', '55210055400013', '44306184100047', '78467169500087', '54205118000066'])(
    'accepts %s (Luhn)',
    (siret) => {
      expect(isValidSiret(siret)).toBe(true);
    },
  );

  it('accepts numbers completed with their Luhn check digit', () => {
    for (const payload of ['1234567890123', '9876543210987', '5000000000000']) {
      expect(isValidSiret(payload + luhnCheckDigit(payload))).toBe(true);
    }
  });

  it.each(['73282932000075', '55210055400014', '00000000000001'])('refuses %s (one digit off)', (siret) => {
    expect(isValidSiret(siret)).toBe(false);
  });

  it('refuses anything but 14 digits, spaces included (normalize first)', () => {
    for (const siret of ['', '7328293200007', '732829320000741', '7328293200007A', '732 829 320 00074']) {
      expect(isValidSiret(siret)).toBe(false);
    }
  });

  describe('La Poste (SIREN 356000000)', () => {
    it.each(['35600000053166', '35600000053170', '35600000053210', '35600000053215'])(
      'accepts the office %s: its digits add up to a multiple of 5, though it fails Luhn',
      (siret) => {
        expect(isLuhnValid(siret)).toBe(false);
        expect(isValidSiret(siret)).toBe(true);
      },
    );

    it('accepts the head office 35600000000048, the one La Poste number checked by Luhn (digit sum 26)', () => {
      expect(isLuhnValid('35600000000048')).toBe(true);
      expect([...'35600000000048'].reduce((sum, digit) => sum + Number(digit), 0) % 5).not.toBe(0);
      expect(isValidSiret('35600000000048')).toBe(true);
    });

    it('refuses an office whose digit sum is not a multiple of 5, even when it passes Luhn', () => {
      const luhnOnly = `3560000001234${luhnCheckDigit('3560000001234')}`;
      expect(isLuhnValid(luhnOnly)).toBe(true);
      expect(isValidSiret(luhnOnly)).toBe(false);
      expect(isValidSiret('35600000053167')).toBe(false);
      expect(isValidSiret('35600000000049')).toBe(false);
    });
  });
});

describe('siretSchema', () => {
  it('answers the normalized number', () => {
    expect(siretSchema.parse('732 829 320 00074')).toBe('73282932000074');
    expect(siretSchema.parse('35600000053166')).toBe('35600000053166');
  });

  it('asks for the field when it is missing or blank', () => {
    expect(issuesOf(undefined)).toEqual([MESSAGES.required]);
    expect(issuesOf(null)).toEqual([MESSAGES.required]);
    expect(issuesOf('   ')).toEqual([MESSAGES.required]);
  });

  it('asks for the 14 digits when the length or the characters are wrong', () => {
    expect(issuesOf('7328293200007')).toEqual([MESSAGES.invalidSiret]);
    expect(issuesOf('7328293200007A')).toEqual([MESSAGES.invalidSiret]);
    expect(issuesOf('732-829-320-00074')).toEqual([MESSAGES.invalidSiret]);
  });

  it('says the number is not valid when 14 digits fail the check', () => {
    expect(issuesOf('73282932000075')).toEqual([MESSAGES.siretChecksum]);
    expect(issuesOf('35600000053167')).toEqual([MESSAGES.siretChecksum]);
  });
});

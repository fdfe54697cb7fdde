import { z } from 'zod';
import { SIRET_LENGTH } from './constants.ts';
import { MESSAGES } from './messages.ts';

/**
 * SIRET numbers: 9 digits of SIREN (the legal unit) and 5 of NIC (the establishment). The last digit makes
 * the whole number pass Luhn, except at La Poste: its thousands of offices share SIREN 356000000, so INSEE
 * gave them another check (the 14 digits add up to a multiple of 5); only its head office passes Luhn.
 */
const LA_POSTE_SIREN = '356000000';
const LA_POSTE_HEAD_OFFICE_SIRET = '35600000000048';
const SIRET_FORMAT = new RegExp(`^\\d{${SIRET_LENGTH}}$`);

/** Digits as typed or printed: "732 829 320 00074" (spaces, including French non-breaking ones, go). */
export function normalizeSiret(input: string): string {
  return input.replace(/\s/g, '');
}

export function sirenOf(siret: string): string {
  return normalizeSiret(siret).slice(0, 9);
}

function luhnSum(digits: string, doubleRightmost: boolean): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === (doubleRightmost ? 0 : 1)) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum;
}

export function isLuhnValid(digits: string): boolean {
  return /^\d+$/.test(digits) && luhnSum(digits, false) % 10 === 0;
}

/** The digit that, appended to `payload`, makes it pass Luhn. */
export function luhnCheckDigit(payload: string): string {
  return String((10 - (luhnSum(payload, true) % 10)) % 10);
}

function digitSum(digits: string): number {
  let sum = 0;
  for (const digit of digits) sum += Number(digit);
  return sum;
}

function isValidLaPosteSiret(siret: string): boolean {
  return siret === LA_POSTE_HEAD_OFFICE_SIRET || digitSum(siret) % 5 === 0;
}

function hasSiretFormat(siret: string): boolean {
  return SIRET_FORMAT.test(siret);
}

/** A normalized SIRET (see `normalizeSiret`) whose check passes. */
export function isValidSiret(siret: string): boolean {
  if (!hasSiretFormat(siret)) return false;
  return siret.startsWith(LA_POSTE_SIREN) ? isValidLaPosteSiret(siret) : isLuhnValid(siret);
}

/** The form and API field: spaces dropped, then 14 digits, then the check, each with its own message. */
export const siretSchema = z
  .string({ error: MESSAGES.required })
  .transform(normalizeSiret)
  .pipe(
    z
      .string()
      .min(1, { error: MESSAGES.required, abort: true })
      .regex(SIRET_FORMAT, { error: MESSAGES.invalidSiret, abort: true })
      .refine(isValidSiret, { error: MESSAGES.siretChecksum }),
  );

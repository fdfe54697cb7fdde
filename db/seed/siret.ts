/** Luhn digits for invented SIREN/SIRET numbers that pass the same check as real ones. */

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

/** The digit that, appended to `payload`, makes it Luhn-valid. */
export function luhnCheckDigit(payload: string): string {
  return String((10 - (luhnSum(payload, true) % 10)) % 10);
}

/**
 * A 14-digit SIRET from an 8-digit SIREN stem and a 4-digit establishment stem: the SIREN gets its own
 * check digit, then the last digit of the NIC makes the whole SIRET valid.
 */
export function makeSiret(sirenStem: string, nicStem: string): string {
  if (!/^\d{8}$/.test(sirenStem) || !/^\d{4}$/.test(nicStem))
    throw new Error('SIREN stem: 8 digits, NIC stem: 4');
  const siren = sirenStem + luhnCheckDigit(sirenStem);
  const payload = siren + nicStem;
  return payload + luhnCheckDigit(payload);
}

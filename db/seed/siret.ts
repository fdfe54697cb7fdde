import { luhnCheckDigit } from '../../common/siret.ts';

/**
 * A 14-digit SIRET from an 8-digit SIREN stem and a 4-digit establishment stem: the SIREN gets its own
 * check digit, then the last digit of the NIC makes the whole SIRET valid. Stems never start with
 * 35600000 (La Poste, whose offices follow another rule).
 */
export function makeSiret(sirenStem: string, nicStem: string): string {
  if (!/^\d{8}$/.test(sirenStem) || !/^\d{4}$/.test(nicStem))
    throw new Error('SIREN stem: 8 digits, NIC stem: 4');
  const siren = sirenStem + luhnCheckDigit(sirenStem);
  const payload = siren + nicStem;
  return payload + luhnCheckDigit(payload);
}

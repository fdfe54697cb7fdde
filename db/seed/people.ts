/** Invented people, e-mail addresses and phone numbers for the seeds. */
import { FIRST_NAMES_F, FIRST_NAMES_M, LAST_NAMES } from './lists/names.ts';
import type { Rng } from './prng.ts';

export interface Person {
  firstName: string;
  lastName: string;
  feminine: boolean;
}

export function randomPerson(rng: Rng): Person {
  const feminine = rng.chance(0.5);
  return {
    firstName: rng.pick(feminine ? FIRST_NAMES_F : FIRST_NAMES_M),
    lastName: rng.pick(LAST_NAMES),
    feminine,
  };
}

/** "Forges du Gier" → "forges-du-gier": for domains and e-mail local parts. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function personEmail(person: Person, domain: string): string {
  return `${slugify(person.firstName).replace(/-/g, '')}.${slugify(person.lastName)}@${domain}`;
}

function digits(rng: Rng, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(rng.int(0, 9));
  return out;
}

/** A 10-digit landline starting with the area's prefix ("04", "0262"…). */
export function landline(rng: Rng, prefix: string): string {
  return prefix + String(rng.int(1, 9)) + digits(rng, 9 - prefix.length);
}

/** A 10-digit mobile number; La Réunion's mobiles start with 0692/0693. */
export function mobile(rng: Rng, overseas = false): string {
  return overseas ? rng.pick(['0692', '0693']) + digits(rng, 6) : rng.pick(['06', '07']) + digits(rng, 8);
}

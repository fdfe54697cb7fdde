/** Small helpers the demo's plans share. */
import { findDepartment } from '../../reference/departments.ts';
import { DEMO_DEPARTMENTS, type DemoDepartment, INDUSTRIAL_ZONES, STREETS } from '../lists/places.ts';
import type { Person } from '../people.ts';
import type { Rng } from '../prng.ts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export function timeOf(date: Date | undefined): number {
  return date ? date.getTime() : Number.NaN;
}

export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`No item at index ${index}`);
  return item;
}

export function demoDepartment(code: string): DemoDepartment {
  const department = DEMO_DEPARTMENTS.find((d) => d.code === code);
  if (!department) throw new Error(`Department ${code} is not a demo department`);
  return department;
}

export function communeOf(department: DemoDepartment, name: string) {
  const commune = department.communes.find((c) => c.name === name);
  if (!commune) throw new Error(`Commune ${name} is not listed for ${department.code}`);
  return commune;
}

export function timeZoneOf(code: string): string {
  const reference = findDepartment(code);
  if (!reference) throw new Error(`Unknown department ${code}`);
  return reference.timeZone;
}

/** A small offset (≤ 0.01°) around a commune centre, so that companies of one commune do not overlap. */
export function jitter(rng: Rng, value: number): number {
  return Math.round((value + rng.float(-0.01, 0.01)) * 1e6) / 1e6;
}

export function streetAddress(rng: Rng): string {
  if (rng.chance(0.2)) return `${rng.pick(INDUSTRIAL_ZONES)}, ${rng.int(1, 40)} ${rng.pick(STREETS)}`;
  return `${rng.int(1, 120)} ${rng.pick(STREETS)}`;
}

export function personName(person: Person): string {
  return `${person.firstName} ${person.lastName}`;
}

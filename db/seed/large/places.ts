/** Where the large data set puts its companies and establishments: around each department's prefecture. */
import { DEPARTMENTS } from '../../reference/departments.ts';
import { PREFECTURES } from '../prefectures.ts';

export interface Place {
  code: string;
  city: string;
  postcode: string;
  lat: number;
  lng: number;
  timeZone: string;
  overseas: boolean;
}

/** Places to draw with `rng.weighted`: a prefecture and its weight. */
export type WeightedPlaces = readonly (readonly [Place, number])[];

/** Every prefecture, with its department's time zone. */
export function weightedPrefectures(): WeightedPlaces {
  const departmentOf = new Map(DEPARTMENTS.map((d) => [d.code, d]));
  const placed = PREFECTURES.map(([code, city, postcode, lat, lng]) => ({
    code,
    city,
    postcode,
    lat,
    lng,
    timeZone: departmentOf.get(code)?.timeZone ?? 'Europe/Paris',
    overseas: code.length === 3,
  }));
  // Overseas departments are smaller, and islands leave little room around their prefecture.
  return placed.map((p) => [p, p.overseas ? 0.3 : 1] as const);
}

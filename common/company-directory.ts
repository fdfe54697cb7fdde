/**
 * How the operators' validation card compares what a company typed with what the company directory says
 * (issue 21, docs/decisions/0053). The directory writes « FORGES DE VENISSIEUX », the company « Les Forges
 * de Vénissieux SAS »: both are brought to one key first, accents, case, punctuation, legal forms and
 * leading articles aside.
 */

/** Words that say the legal form or stand before a name, not the name itself. */
const IGNORED_WORDS = new Set([
  'sa',
  'sas',
  'sasu',
  'sarl',
  'eurl',
  'sci',
  'snc',
  'scs',
  'sca',
  'scop',
  'scic',
  'sel',
  'selarl',
  'selas',
  'ei',
  'eirl',
  'gie',
  'ste',
  'societe',
  'ets',
  'etablissements',
  'le',
  'la',
  'les',
  'l',
]);

/** Lower case, accents and punctuation gone, words separated by one space. */
function plainWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/&/g, ' et ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A company name's key: « Les Forges de Vénissieux (S.A.S.) » → « forges de venissieux ». */
export function companyNameKey(name: string): string {
  // « S.A.S. » is one form written with dots: its letters are joined before the words are read.
  const joined = name.replace(/\b((?:\p{L}\.){2,})/gu, (dotted) => dotted.replace(/\./g, ''));
  return plainWords(joined)
    .filter((word) => !IGNORED_WORDS.has(word))
    .join(' ');
}

/**
 * The same company name: equal keys, or equal once the directory's part in brackets is set aside (it adds
 * the acronym or the trading name: « LA POSTE (DIRECTION GENERALE DE LA POSTE) »), or the company typed
 * that part alone.
 */
export function sameCompanyName(typed: string, directory: string): boolean {
  const key = companyNameKey(typed);
  if (key === '') return false;
  const outside = companyNameKey(directory.replace(/\([^)]*\)/g, ' '));
  const inside = [...directory.matchAll(/\(([^)]*)\)/g)].map((match) => companyNameKey(match[1] ?? ''));
  return key === companyNameKey(directory) || key === outside || inside.includes(key);
}

/** A commune's key: « SAINT-PRIEST » and « St Priest » alike, « LYON 3EME » as « lyon », « CEDEX 9 » aside. */
export function communeKey(city: string): string {
  const words = plainWords(city);
  const cedex = words.indexOf('cedex');
  return (cedex >= 0 ? words.slice(0, cedex) : words)
    .map((word) => (word === 'st' ? 'saint' : word === 'ste' ? 'sainte' : word))
    .filter((word) => !/^\d+(er|e|eme)?$/.test(word))
    .join(' ');
}

/**
 * The same place: the same postcode and the same commune. The street is not judged (the directory writes
 * « AV » and « ZI » where the geocoder writes « Avenue » and « Zone industrielle »): the card shows both.
 */
export function sameCommune(
  typed: { zipcode: string | null; city: string | null },
  directory: { zipcode: string | null; city: string | null },
): boolean {
  if (!typed.zipcode || !typed.city || !directory.zipcode || !directory.city) return false;
  return (
    typed.zipcode.trim() === directory.zipcode.trim() && communeKey(typed.city) === communeKey(directory.city)
  );
}

/** The units and the sizes the large data set's modules share. */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const TEACHERS = 1_000;
export const ESTABLISHMENTS = 200;
export const EMAIL_DOMAIN = 'bench.passerelle-industrie.fr';

import type { Config } from 'vike/types';

/** Public to the guard: the data answers 404 to anyone but a national administrator, visitors included (issue 37). */
export default {
  title: 'Partenaires — Administration — Passerelle Industrie',
  access: 'public',
} satisfies Config;

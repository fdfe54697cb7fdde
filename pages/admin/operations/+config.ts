import type { Config } from 'vike/types';

/** Public to the guard: the data answers 404 to anyone but a national administrator, visitors included (issue 34). */
export default {
  title: 'Opérations — Administration — Passerelle Industrie',
  access: 'public',
} satisfies Config;

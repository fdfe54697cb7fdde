import type { Config } from 'vike/types';

/** Anyone checks an attestation here, without a login and without a script (docs/decisions/0046). */
export default {
  title: 'Attestation de participation — Passerelle Industrie',
  menu: false,
  scripts: false,
} satisfies Config;

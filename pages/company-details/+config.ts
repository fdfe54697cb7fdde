import type { Config } from 'vike/types';

/** The title names the company (+title.ts). */
export default {
  access: 'public',
} satisfies Config;

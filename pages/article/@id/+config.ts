import type { Config } from 'vike/types';

/** The title names the article (+title.ts). */
export default {
  access: 'public',
} satisfies Config;

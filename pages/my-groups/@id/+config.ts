import type { Config } from 'vike/types';

/** The title names the group (+title.ts). */
export default {
  access: 'teacher',
} satisfies Config;

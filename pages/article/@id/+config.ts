import type { Config } from 'vike/types';

export default { title: 'Article — Passerelle Industrie' } satisfies Config;

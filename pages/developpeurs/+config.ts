import type { Config } from 'vike/types';

export default { title: 'Développeurs : l’API des partenaires — Passerelle Industrie' } satisfies Config;

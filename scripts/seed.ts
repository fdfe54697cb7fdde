import { readConfig } from '../server/kernel/config.ts';
import { prepareDatabase } from './prepare-db.ts';

/**
 * `npm run seed` migrates and seeds DATABASE_URL when it is empty; `npm run seed:large` fills an empty
 * database with the benchmark data set (5,000 companies, 100,000 slots to come and two years of history)
 * instead of the demo.
 */
const large = process.argv.includes('--large');
const config = readConfig({ DATABASE_URL: large ? 'file:data/bench/large.db' : undefined, ...process.env });
const started = performance.now();
const { seeded } = await prepareDatabase(config, { large });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  seeded
    ? `${config.DATABASE_URL} : données « ${seeded} » créées en ${seconds} s.`
    : `${config.DATABASE_URL} n’est pas vide : rien à faire.`,
);

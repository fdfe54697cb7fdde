import { createDeps } from '../server/main/deps.ts';
import { JOBS, runJob, UnknownJob } from '../server/main/scheduled.ts';
import { keptSecret } from './kept-secret.ts';

/**
 * `npm run jobs -- <name>`: runs one job once, now, with the settings of `npm start` (DATABASE_URL,
 * SMTP_URL, PUBLIC_URL…), delivers what it queued, and exits.
 */
if (process.loadEnvFile && (await import('node:fs')).existsSync('.env')) process.loadEnvFile('.env');
const name = process.argv[2];
if (!name) {
  console.error(`Usage : npm run jobs -- <nom>. Tâches : ${JOBS.map((job) => job.name).join(', ')}`);
  process.exit(2);
}
// The secret `npm start` made up: links the job signs are the server's.
process.env.JWT_SECRET ||= keptSecret('data/jwt-secret');
const deps = createDeps(process.env);
try {
  // By hand: a job that waits for a local time (the weekly alert's Monday 08:00) runs now.
  const report = await runJob(name, deps, JOBS, { manual: true });
  await deps.outbox.wake();
  console.log(`${name} : ${JSON.stringify(report)}`);
} catch (error) {
  if (!(error instanceof UnknownJob)) throw error;
  console.error(`Tâche inconnue « ${name} ». Tâches : ${JOBS.map((job) => job.name).join(', ')}`);
  process.exitCode = 2;
} finally {
  await deps.outbox.stop();
  deps.db.client.close();
}

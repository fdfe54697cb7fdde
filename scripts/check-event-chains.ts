import { MAX_CHAIN_LINKS } from '../server/events/index.ts';
import type { Subscriber, SubscriberTable, Topic } from '../server/kernel/events.ts';

/**
 * `npm run check` prints, for every topic, the chain of in-transaction subscribers its publishing sets off
 * (each subscriber's `publishes`), all of it in the change's one write; it fails when a chain has more than
 * MAX_CHAIN_LINKS links, or loops where no guard is known to end it (docs/decisions/0078).
 */

/**
 * Loops the declared links make, each ended at run time by a guard its subscribers keep: the topics of the
 * loop, and why it ends.
 */
export const GUARDED_LOOPS: readonly { topics: readonly Topic[]; why: string }[] = [
  {
    topics: ['meeting.changed', 'slot.seatsFreed'],
    why: 'a booking grown by the line (holdFreedSeats) carries no line request, and replaceLineRequestOfBooking acts only on one',
  },
];

const sameTopics = (a: readonly Topic[], b: readonly Topic[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

export function eventChains(
  table: SubscriberTable,
  options: { maxLinks?: number; guardedLoops?: typeof GUARDED_LOOPS } = {},
): { lines: string[]; problems: string[] } {
  const { maxLinks = MAX_CHAIN_LINKS, guardedLoops = GUARDED_LOOPS } = options;
  const lines: string[] = [];
  const problems: string[] = [];
  const subscribersOf = (topic: Topic) => (table[topic] ?? []) as Subscriber<Topic>[];

  function walk(topic: Topic, path: Topic[], indent: string): void {
    const seen = path.indexOf(topic);
    if (seen >= 0) {
      const loop = path.slice(seen);
      const guard = guardedLoops.find((known) => sameTopics(known.topics, [...new Set(loop)]));
      lines.push(`${indent}${topic} ↺ ${guard ? '(a guarded loop, below)' : 'LOOP WITHOUT A KNOWN GUARD'}`);
      if (!guard) problems.push(`a loop with no known guard: ${[...loop, topic].join(' → ')}`);
      return;
    }
    const links = path.length;
    const afterCommit = subscribersOf(topic)
      .filter((subscriber) => subscriber.runs === 'afterCommit')
      .map((subscriber) => subscriber.name);
    lines.push(
      `${indent}${topic}${afterCommit.length ? `   (after commit: ${afterCommit.join(', ')})` : ''}`,
    );
    if (links > maxLinks) {
      problems.push(`${[...path, topic].join(' → ')}: ${links} links, more than ${maxLinks}`);
      return;
    }
    for (const subscriber of subscribersOf(topic).filter((s) => s.runs === 'inTransaction')) {
      lines.push(`${indent}  → ${subscriber.name}`);
      for (const next of subscriber.publishes ?? []) walk(next, [...path, topic], `${indent}      `);
    }
  }

  for (const topic of Object.keys(table) as Topic[]) walk(topic, [], '');
  return { lines, problems };
}

if (import.meta.main) {
  const { SUBSCRIBERS } = await import('../server/main/subscribers.ts');
  const { lines, problems } = eventChains(SUBSCRIBERS);
  console.log(`In-transaction subscriber chains (at most ${MAX_CHAIN_LINKS} links below the change):`);
  for (const line of lines) console.log(`  ${line}`);
  for (const loop of GUARDED_LOOPS) console.log(`  ↺ ${loop.topics.join(' ⇄ ')}: ${loop.why}`);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`✖ ${problem}`);
    process.exitCode = 1;
  }
}

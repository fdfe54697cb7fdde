import { describe, expect, it } from 'vitest';
import type { Subscriber, SubscriberTable, Topic } from '../server/kernel/events.ts';
import { SUBSCRIBERS } from '../server/main/subscribers.ts';
import { eventChains } from './check-event-chains.ts';

const inTransaction = (name: string, publishes: Topic[] = []): Subscriber<Topic> => ({
  name,
  runs: 'inTransaction',
  publishes,
  handle: async () => {},
});

const tableOf = (entries: Partial<Record<Topic, Subscriber<Topic>[]>>) =>
  ({
    ...Object.fromEntries(Object.keys(SUBSCRIBERS).map((topic) => [topic, []])),
    ...entries,
  }) as SubscriberTable;

describe('the chains of in-transaction subscribers', () => {
  it('are within their bound today, each loop with its guard', () => {
    const { lines, problems } = eventChains(SUBSCRIBERS);
    expect(problems).toEqual([]);
    expect(lines).toContain('  → slots.closeSlotsOfCompanyThatLeft');
  });

  it('refuses a chain longer than the bound', () => {
    const table = tableOf({
      'company.statusChanged': [inTransaction('a', ['slot.deleted'])],
      'slot.deleted': [inTransaction('b', ['slot.seatsFreed'])],
      'slot.seatsFreed': [inTransaction('c', ['meeting.cancelled'])],
    });
    expect(eventChains(table, { maxLinks: 2 }).problems).toEqual([
      'company.statusChanged → slot.deleted → slot.seatsFreed → meeting.cancelled: 3 links, more than 2',
    ]);
    expect(eventChains(table, { maxLinks: 3 }).problems).toEqual([]);
  });

  it('refuses a loop nobody said how it ends', () => {
    const table = tableOf({
      'slot.deleted': [inTransaction('a', ['slot.seatsFreed'])],
      'slot.seatsFreed': [inTransaction('b', ['slot.deleted'])],
    });
    expect(eventChains(table, { guardedLoops: [] }).problems).toContain(
      'a loop with no known guard: slot.deleted → slot.seatsFreed → slot.deleted',
    );
  });
});

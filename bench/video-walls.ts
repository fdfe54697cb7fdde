import { DEMO_ACCOUNTS } from '../db/seed/index.ts';
import type { Walls } from '../tests/fixtures/school-network.ts';
import { keepPeerConnections } from '../tests/video/support/live-room.ts';
import {
  firstRemoteFrame,
  pageAs,
  pathOf,
  roomOf,
  selectedPairs,
  startWalledVisit,
} from '../tests/video/support/walled-visit.ts';

/**
 * `npm run bench:video-walls` (issue 38, docs/decisions/0101): a class joins a remote visit from a school's
 * network, the company already in the room from the open internet, as `tests/video/school-network.test.ts`
 * sets them up (its own network namespace: the npm script runs it under `unshare`). For each of the school's
 * firewalls: the time from the click on « Rejoindre » to the first frame of the company's camera decoded at
 * the class, median of 10 joins (a fresh page each time), min and max; and the paths the class's media took
 * (the pairs its peer connection selected).
 */
const JOINS = 10;
const CASES: { walls: Walls; label: string }[] = [
  { walls: 'open', label: 'open network (UDP)' },
  { walls: 'udp-blocked', label: 'UDP blocked' },
  { walls: 'tcp-443-only', label: 'only TCP 443 (TURN/TLS)' },
];

const visit = await startWalledVisit({ slots: 1, rateLimits: 'off' });
try {
  const slot = visit.slots[0] ?? 0;
  const company = await pageAs(visit, visit.company, DEMO_ACCOUNTS.recruiter);
  await (await roomOf(company, slot)).click();
  const rows = [];
  for (const { walls, label } of CASES) {
    visit.school.walls(walls);
    const times: number[] = [];
    const paths = new Map<string, number>();
    for (let i = 0; i < JOINS; i++) {
      const classroom = await pageAs(visit, visit.classroom, DEMO_ACCOUNTS.teacher);
      await keepPeerConnections(classroom);
      const join = await roomOf(classroom, slot);
      const started = performance.now();
      await join.click();
      await firstRemoteFrame(classroom, 60_000);
      times.push(performance.now() - started);
      for (const pair of await selectedPairs(classroom)) {
        paths.set(pathOf(pair), (paths.get(pathOf(pair)) ?? 0) + 1);
      }
      await classroom.context().close();
    }
    times.sort((a, b) => a - b);
    const ms = (value: number | undefined) => `${(value ?? 0).toFixed(0)} ms`;
    rows.push({
      'school network': label,
      median: ms(((times[JOINS / 2 - 1] ?? 0) + (times[JOINS / 2] ?? 0)) / 2),
      min: ms(times[0]),
      max: ms(times.at(-1)),
      'media went over': [...paths].map(([path, count]) => `${path} ×${count}`).join(', '),
    });
  }
  console.log(
    `\nA class joining from a school's network, the company in the room (LiveKit from livekit.yaml, TURN/TLS` +
      ` behind a TLS front on 443): click on « Rejoindre » → first remote frame, ${JOINS} joins each:`,
  );
  console.table(rows);
} finally {
  await visit.stop();
}

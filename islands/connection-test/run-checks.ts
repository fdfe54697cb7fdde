import { Checker, type CheckInfo, CheckStatus, ConnectionCheck, type Room } from 'livekit-client';
import {
  type AnnouncedMediaPort,
  type AnnouncedRelay,
  type CheckOutcome,
  type ConnectionCheckName,
  type ConnectionCheckResult,
  relayOf,
} from '../../common/connection-test.ts';

/**
 * The checks of « Tester ma connexion » (docs/decisions/0102), in the browser, through livekit-client's
 * `ConnectionCheck` against the test room: its own checks for the signalling (`checkWebsocket`), the TURN
 * relay (`checkTURN`: relay-only, skipped when the server announces none), the camera (`checkPublishVideo`)
 * and the microphone (`checkPublishAudio`). UDP and TCP are two checks of ours on its `Checker`, run by the
 * same `createAndRunCheck`: livekit-client's own `checkConnectionProtocol` does not force UDP (its « udp »
 * phase runs on whatever the first connection found, TCP included) and says « udp » is best when UDP is
 * blocked.
 */

/** How long a connection made over TCP waits for an ICE pair over UDP to succeed before saying UDP is blocked. */
const UDP_GRACE_MS = 4000;
/** How long the TCP check waits for its TCP pair once the server prefers TCP. */
const TCP_WAIT_MS = 8000;
const POLL_MS = 250;

type PairProtocol = 'udp' | 'tcp';

interface PairsSeen {
  /** Protocols of the ICE pairs that succeeded, direct (not through a relay). */
  succeeded: Set<PairProtocol>;
  /** The server's ICE candidates (its media ports), as the browser's stats show them. */
  media: AnnouncedMediaPort[];
}

/** The peer connections' stats now: which direct ICE pairs succeeded, and the server's candidates. */
async function pairsOf(room: Room): Promise<PairsSeen> {
  const manager = room.engine.pcManager;
  const reports = await Promise.all(
    [manager?.publisher, manager?.subscriber].map((transport) => transport?.getStats()),
  );
  const succeeded = new Set<PairProtocol>();
  const media = new Map<string, AnnouncedMediaPort>();
  for (const report of reports) {
    if (!report) continue;
    const byId = new Map<string, Record<string, unknown>>();
    report.forEach((stat: Record<string, unknown>) => {
      byId.set(stat.id as string, stat);
    });
    for (const stat of byId.values()) {
      if (stat.type === 'remote-candidate' && stat.candidateType !== 'relay') {
        const protocol = stat.protocol as PairProtocol;
        const port = Number(stat.port);
        const key = `${protocol}:${port}`;
        const entry = media.get(key) ?? { protocol, port, addresses: [] };
        const address = String(stat.address ?? stat.ip ?? '');
        if (address && !entry.addresses.includes(address)) entry.addresses.push(address);
        media.set(key, entry);
      }
      if (stat.type !== 'candidate-pair' || stat.state !== 'succeeded') continue;
      const local = byId.get(stat.localCandidateId as string);
      if (!local || local.candidateType === 'relay') continue;
      succeeded.add(local.protocol as PairProtocol);
    }
  }
  return { succeeded, media: [...media.values()] };
}

async function waitForPair(room: Room, protocol: PairProtocol, ms: number): Promise<PairsSeen> {
  const until = Date.now() + ms;
  for (;;) {
    const seen = await pairsOf(room);
    if (seen.succeeded.has(protocol) || Date.now() >= until) return seen;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * UDP: connects as a class would (every candidate the server announces), then looks for an ICE pair over UDP
 * that succeeded. A browser tries UDP first; one that connected over TCP is given a few seconds more.
 */
export class UdpCheck extends Checker {
  get description() {
    return 'Media over UDP';
  }

  announced: { media: AnnouncedMediaPort[]; relays: AnnouncedRelay[] } = { media: [], relays: [] };

  protected async perform() {
    const room = await this.connect();
    this.announced.relays = relaysOf(room);
    const seen = await waitForPair(room, 'udp', UDP_GRACE_MS);
    this.announced.media = seen.media;
    if (!seen.succeeded.has('udp')) throw new Error('no ICE pair over UDP succeeded');
    this.appendMessage('ICE pair over UDP succeeded');
  }

  override getInfo(): CheckInfo {
    return { ...super.getInfo(), data: this.announced };
  }
}

/** TCP: asks the server for TCP candidates only (livekit-client's `force-tcp`), then looks for a TCP pair. */
export class TcpCheck extends Checker {
  get description() {
    return 'Media over TCP';
  }

  protected async perform() {
    const room = await this.connect();
    await this.switchProtocol('tcp');
    const seen = await waitForPair(room, 'tcp', TCP_WAIT_MS);
    if (!seen.succeeded.has('tcp')) throw new Error('no ICE pair over TCP succeeded');
    this.appendMessage('ICE pair over TCP succeeded');
  }
}

/** The TURN relays the server gave in its answer to the join (its ICE servers). */
function relaysOf(room: Room): AnnouncedRelay[] {
  const servers = room.engine.latestJoinResponse?.iceServers ?? [];
  return servers.flatMap((server) => server.urls.map(relayOf).filter((relay) => relay !== null));
}

const OUTCOME: Partial<Record<CheckStatus, CheckOutcome>> = {
  [CheckStatus.SUCCESS]: 'passed',
  [CheckStatus.FAILED]: 'failed',
  [CheckStatus.SKIPPED]: 'skipped',
};

const outcomeOf = (info: CheckInfo): CheckOutcome => OUTCOME[info.status] ?? 'failed';

export interface ChecksProgress {
  onRunning(check: ConnectionCheckName): void;
  onResult(result: ConnectionCheckResult): void;
  onAnnounced(announced: { media: AnnouncedMediaPort[]; relays: AnnouncedRelay[] }): void;
}

/**
 * Runs the six checks one after the other against the test room, each with its own token (its own
 * participant), telling each result as it comes. The
 * media checks are not tried once the signalling failed, nor the devices once no media path worked: they
 * would fail for the network's sake, and the page would blame the camera.
 */
export async function runConnectionChecks(
  access: { serverUrl: string; tokens: { check: ConnectionCheckName; token: string }[] },
  progress: ChecksProgress,
): Promise<void> {
  const results = new Map<ConnectionCheckName, CheckOutcome>();
  const run = async (
    name: ConnectionCheckName,
    check: (checks: ConnectionCheck) => Promise<CheckInfo>,
    tried = true,
  ) => {
    progress.onRunning(name);
    const token = access.tokens.find((entry) => entry.check === name)?.token ?? '';
    const info = tried ? await check(new ConnectionCheck(access.serverUrl, token)) : null;
    const outcome = info ? outcomeOf(info) : 'skipped';
    results.set(name, outcome);
    progress.onResult({ check: name, outcome });
    return info;
  };
  await run('signalling', (checks) => checks.checkWebsocket());
  const reached = results.get('signalling') === 'passed';
  const udp = await run('udp', (checks) => checks.createAndRunCheck(UdpCheck), reached);
  if (udp?.data) progress.onAnnounced(udp.data);
  await run('tcp', (checks) => checks.createAndRunCheck(TcpCheck), reached);
  await run('turn', (checks) => checks.checkTURN(), reached);
  const media = (['udp', 'tcp', 'turn'] as const).some((name) => results.get(name) === 'passed');
  await run('camera', (checks) => checks.checkPublishVideo(), media);
  await run('microphone', (checks) => checks.checkPublishAudio(), media);
}

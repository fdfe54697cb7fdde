/**
 * « Tester ma connexion » (issue 38, docs/decisions/0102): what the page says of each check, and the request
 * to the school's or the company's IT, from what the platform knows (the LiveKit URL) and what the server
 * announced during the test (its media ports, its TURN relays). Shared by the page (rendered without
 * JavaScript) and its island (after the checks).
 */

export const CONNECTION_TEST = {
  /** Test rooms are `test-connexion-<uuid>`, never a slot's `creneau-<id>`. */
  roomPrefix: 'test-connexion-',
  /** The one participant of a test room. */
  identity: 'test-connexion',
  /** The token lets its holder in this long: the checks take under a minute. */
  tokenMinutes: 5,
  /** LiveKit closes a test room nobody entered after this… */
  emptyTimeoutSeconds: 60,
  /** …and one whose last check left after this (the checks join one after the other, a second apart). */
  departureTimeoutSeconds: 20,
} as const;

/** The checks, in the order the page runs and lists them. */
export const CONNECTION_CHECKS = ['signalling', 'udp', 'tcp', 'turn', 'camera', 'microphone'] as const;
export type ConnectionCheckName = (typeof CONNECTION_CHECKS)[number];

/** `skipped`: not tried (the server offers no TURN relay, or nothing reached the server for the devices). */
export type CheckOutcome = 'passed' | 'failed' | 'skipped';

export interface ConnectionCheckResult {
  check: ConnectionCheckName;
  outcome: CheckOutcome;
}

/** Where the browser opens its WebSocket: the LiveKit URL's host and port. */
export interface SignallingAddress {
  host: string;
  port: number;
}

/** A media port the server announced in the test (its ICE candidates), with the addresses behind it. */
export interface AnnouncedMediaPort {
  protocol: 'udp' | 'tcp';
  port: number;
  addresses: string[];
}

/** A TURN relay the server announced (its ICE servers): `tls` for `turns:`. */
export interface AnnouncedRelay {
  transport: 'udp' | 'tcp' | 'tls';
  host: string;
  port: number;
}

export interface Announced {
  media: AnnouncedMediaPort[];
  relays: AnnouncedRelay[];
}

export const NOTHING_ANNOUNCED: Announced = { media: [], relays: [] };

/** The LiveKit URL's host and port (443 for wss:, 80 for ws:, as the browser would). */
export function signallingAddressOf(serverUrl: string): SignallingAddress {
  const url = new URL(serverUrl);
  const secure = url.protocol === 'wss:' || url.protocol === 'https:';
  return { host: url.hostname, port: url.port ? Number(url.port) : secure ? 443 : 80 };
}

/** `turn:host:3478?transport=udp`, `turns:host:443?transport=tcp`: a relay as the IT text names it. */
export function relayOf(iceUrl: string): AnnouncedRelay | null {
  const match = /^(turns?):(\[[^\]]+\]|[^:?]+)(?::(\d+))?(?:\?transport=(udp|tcp))?$/i.exec(iceUrl.trim());
  if (!match) return null;
  const [, scheme = '', host = '', port, transport] = match;
  const tls = scheme.toLowerCase() === 'turns';
  return {
    transport: tls ? 'tls' : transport?.toLowerCase() === 'tcp' ? 'tcp' : 'udp',
    host,
    port: port ? Number(port) : tls ? 5349 : 3478,
  };
}

const PROTOCOL_LABEL = { udp: 'UDP', tcp: 'TCP' } as const;

function portsOf(announced: Announced, protocol: 'udp' | 'tcp'): string {
  const ports = announced.media.filter((media) => media.protocol === protocol).map((media) => media.port);
  return ports.length ? ` (${PROTOCOL_LABEL[protocol]} ${[...new Set(ports)].join(', ')})` : '';
}

function relaysLabel(relays: AnnouncedRelay[]): string {
  return relays.map((relay) => `${RELAY_LABEL[relay.transport]} ${relay.port}`).join(', ');
}

const RELAY_LABEL = { udp: 'TURN en UDP', tcp: 'TURN en TCP', tls: 'TURN sur TLS' } as const;

/** Each check's result in plain French, as the page lists it. */
export function resultSentence(
  result: ConnectionCheckResult,
  facts: { signalling: SignallingAddress; announced: Announced },
): string {
  const { signalling, announced } = facts;
  const { check, outcome } = result;
  switch (check) {
    case 'signalling':
      return outcome === 'passed'
        ? `Votre réseau laisse passer la connexion au serveur de visioconférence (${signalling.host}, port ${signalling.port}).`
        : `Votre réseau bloque la connexion au serveur de visioconférence (${signalling.host}, port ${signalling.port}) : sans elle, la salle ne peut pas s’ouvrir.`;
    case 'udp':
      if (outcome === 'passed')
        return `Votre réseau laisse passer le son et l’image en UDP${portsOf(announced, 'udp')}, le chemin le plus fluide.`;
      if (outcome === 'failed')
        return `Votre réseau bloque le son et l’image en UDP${portsOf(announced, 'udp')} : la salle passe alors par un chemin de secours, un peu moins fluide.`;
      return 'Le son et l’image en UDP n’ont pas pu être essayés : le serveur n’a pas été joint.';
    case 'tcp':
      if (outcome === 'passed')
        return `Votre réseau laisse passer le son et l’image en TCP${portsOf(announced, 'tcp')}, le chemin de secours quand l’UDP est bloqué.`;
      if (outcome === 'failed')
        return `Votre réseau bloque le son et l’image en TCP${portsOf(announced, 'tcp')}, le chemin de secours quand l’UDP est bloqué.`;
      return 'Le son et l’image en TCP n’ont pas pu être essayés : le serveur n’a pas été joint.';
    case 'turn': {
      const tls = announced.relays.some((relay) => relay.transport === 'tls');
      const noTls = tls
        ? ''
        : ' Ce serveur n’annonce pas de relais TURN sur TLS : un réseau qui ne laisse sortir que le web (HTTPS, port 443) ne passera pas.';
      if (outcome === 'passed')
        return `Votre réseau laisse passer le relais du serveur (${relaysLabel(announced.relays)}), le dernier recours quand rien d’autre ne passe.${noTls}`;
      if (outcome === 'failed')
        return `Votre réseau bloque le relais du serveur (${relaysLabel(announced.relays)}), le dernier recours quand rien d’autre ne passe.${noTls}`;
      return 'Ce serveur de visioconférence n’annonce aucun relais (TURN) : le test n’a pas pu en essayer. Un réseau qui ne laisse sortir que le web (HTTPS, port 443) ne passera pas.';
    }
    case 'camera':
      if (outcome === 'passed') return 'La caméra fonctionne : son image est bien partie vers le serveur.';
      if (outcome === 'failed')
        return 'La caméra ne fonctionne pas : vérifiez qu’elle est branchée, qu’aucune autre application ne l’utilise et que le navigateur a le droit de s’en servir (l’icône de la barre d’adresse).';
      return 'La caméra n’a pas pu être essayée : le son et l’image n’ont pas pu rejoindre le serveur.';
    case 'microphone':
      if (outcome === 'passed') return 'Le micro fonctionne : votre voix est bien partie vers le serveur.';
      if (outcome === 'failed')
        return 'Le micro ne fonctionne pas, ou n’entend rien : vérifiez qu’il est branché, qu’il n’est pas coupé et que le navigateur a le droit de s’en servir (l’icône de la barre d’adresse).';
      return 'Le micro n’a pas pu être essayé : le son et l’image n’ont pas pu rejoindre le serveur.';
  }
}

const passed = (results: ConnectionCheckResult[], check: ConnectionCheckName) =>
  results.some((result) => result.check === check && result.outcome === 'passed');

const NETWORK_CHECKS: readonly ConnectionCheckName[] = ['signalling', 'udp', 'tcp', 'turn'];

/** Whether a check of the network failed: then the page gives the request to the IT. */
export function networkFailed(results: ConnectionCheckResult[]): boolean {
  return results.some((result) => NETWORK_CHECKS.includes(result.check) && result.outcome === 'failed');
}

/** The page's one-line answer once every check ran. */
export function verdictOf(results: ConnectionCheckResult[]): { ready: boolean; sentence: string } {
  const media = passed(results, 'udp') || passed(results, 'tcp') || passed(results, 'turn');
  const network = passed(results, 'signalling') && media;
  const devices = passed(results, 'camera') && passed(results, 'microphone');
  if (!network)
    return {
      ready: false,
      sentence:
        'Votre réseau ne permet pas de rejoindre la salle de visioconférence : transmettez la demande ci-dessous à votre service informatique.',
    };
  if (!devices)
    return {
      ready: false,
      sentence:
        'Votre réseau est prêt, mais la caméra ou le micro ne fonctionne pas : voyez le détail ci-dessous, puis relancez le test.',
    };
  if (!passed(results, 'udp'))
    return {
      ready: true,
      sentence:
        'Vous pourrez rejoindre la salle, par un chemin de secours : pour une image plus fluide, transmettez la demande ci-dessous à votre service informatique.',
    };
  return {
    ready: true,
    sentence: 'Tout fonctionne : votre réseau et vos appareils sont prêts pour la visioconférence.',
  };
}

const CHECK_LABEL: Record<ConnectionCheckName, string> = {
  signalling: 'la connexion au serveur de visioconférence',
  udp: 'le son et l’image en UDP',
  tcp: 'le son et l’image en TCP',
  turn: 'le relais TURN',
  camera: 'la caméra',
  microphone: 'le micro',
};

export const IT_REQUEST_SUBJECT = 'Visioconférence Passerelle Industrie : ouvrir l’accès depuis notre réseau';

/**
 * The request to the IT, to copy or to e-mail: what the test found (once it ran) and the outgoing
 * connections to allow, each with its protocol, port and host. The signalling comes from the LiveKit URL;
 * the media ports and the relays from what the server announced in the test (`announced`), which the page
 * without JavaScript does not know: it then says that the test gives them.
 */
export function itRequestText(input: {
  testUrl: string;
  signalling: SignallingAddress;
  announced: Announced;
  results: ConnectionCheckResult[];
}): string {
  const { testUrl, signalling, announced, results } = input;
  const found = results.filter(
    (result) => NETWORK_CHECKS.includes(result.check) && result.outcome !== 'skipped',
  );
  const rules = [
    `- TCP ${signalling.port} (WebSocket sur TLS) vers ${signalling.host} : la connexion au serveur ;`,
    ...announced.media.map(
      (media) =>
        `- ${PROTOCOL_LABEL[media.protocol]} ${media.port} vers ${media.addresses.join(', ')} : le son et l’image${media.protocol === 'udp' ? ' (le meilleur chemin)' : ', si l’UDP reste fermé'} ;`,
    ),
    ...announced.relays.map(
      (relay) =>
        `- ${relay.transport === 'udp' ? 'UDP' : 'TCP'} ${relay.port} (${RELAY_LABEL[relay.transport]}) vers ${relay.host} : le relais, si rien d’autre ne passe ;`,
    ),
    ...(announced.media.length === 0
      ? [
          '- les ports du son et de l’image (UDP et TCP) et du relais (TURN) que le serveur annonce : le test de connexion les indique dès qu’il a pu joindre le serveur.',
        ]
      : []),
  ];
  return [
    'Bonjour,',
    '',
    `Nous participons à des rencontres en visioconférence sur Passerelle Industrie. Son test de connexion (${testUrl}) ${found.length ? 'indique depuis notre réseau :' : 'est à lancer depuis notre réseau.'}`,
    ...found.map(
      (result) =>
        `- ${result.outcome === 'passed' ? 'fonctionne' : 'bloqué'} : ${CHECK_LABEL[result.check]} ;`,
    ),
    '',
    'Pour que la visioconférence fonctionne, merci d’autoriser depuis notre réseau les connexions sortantes suivantes :',
    ...rules,
    '',
    'Merci d’avance.',
  ].join('\n');
}

/** « Envoyer par e-mail »: the request in a new message of the person's own mail software. */
export function itRequestMailto(text: string): string {
  return `mailto:?subject=${encodeURIComponent(IT_REQUEST_SUBJECT)}&body=${encodeURIComponent(text)}`;
}

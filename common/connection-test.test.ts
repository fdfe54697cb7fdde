import { describe, expect, it } from 'vitest';
import {
  type Announced,
  type ConnectionCheckResult,
  IT_REQUEST_SUBJECT,
  itRequestMailto,
  itRequestText,
  NOTHING_ANNOUNCED,
  networkFailed,
  relayOf,
  resultSentence,
  signallingAddressOf,
  verdictOf,
} from './connection-test.ts';

const signalling = signallingAddressOf('wss://visio.passerelle-industrie.fr');
/** What a production server announces (livekit.yaml): UDP 7882, ICE/TCP 7881, TURN over UDP and over TLS. */
const announced: Announced = {
  media: [
    { protocol: 'udp', port: 7882, addresses: ['203.0.113.10'] },
    { protocol: 'tcp', port: 7881, addresses: ['203.0.113.10'] },
  ],
  relays: [
    relayOf('turn:203.0.113.10:3478?transport=udp'),
    relayOf('turns:turn.visio.passerelle-industrie.fr:443?transport=tcp'),
  ].filter((relay) => relay !== null),
};
const facts = { signalling, announced };
const say = (result: ConnectionCheckResult) => resultSentence(result, facts);
const TEST_URL = 'https://passerelle-industrie.fr/test-connexion';

/** A school that drops UDP: signalling and ICE/TCP pass, UDP and TURN over UDP do not (TLS not tried here). */
const SCHOOL: ConnectionCheckResult[] = [
  { check: 'signalling', outcome: 'passed' },
  { check: 'udp', outcome: 'failed' },
  { check: 'tcp', outcome: 'passed' },
  { check: 'turn', outcome: 'passed' },
  { check: 'camera', outcome: 'passed' },
  { check: 'microphone', outcome: 'passed' },
];

describe('the server’s addresses', () => {
  it('reads the signalling from the LiveKit URL, the port a browser would use', () => {
    expect(signalling).toEqual({ host: 'visio.passerelle-industrie.fr', port: 443 });
    expect(signallingAddressOf('ws://127.0.0.1:7880')).toEqual({ host: '127.0.0.1', port: 7880 });
  });

  it('reads the relays LiveKit announces', () => {
    expect(announced.relays).toEqual([
      { transport: 'udp', host: '203.0.113.10', port: 3478 },
      { transport: 'tls', host: 'turn.visio.passerelle-industrie.fr', port: 443 },
    ]);
    expect(relayOf('stun:stun.example.org:3478')).toBeNull();
  });
});

describe('each result in plain French', () => {
  it('says what passes, with the ports the server announced', () => {
    expect(say({ check: 'signalling', outcome: 'passed' })).toBe(
      'Votre réseau laisse passer la connexion au serveur de visioconférence (visio.passerelle-industrie.fr, port 443).',
    );
    expect(say({ check: 'udp', outcome: 'passed' })).toBe(
      'Votre réseau laisse passer le son et l’image en UDP (UDP 7882), le chemin le plus fluide.',
    );
    expect(say({ check: 'tcp', outcome: 'passed' })).toBe(
      'Votre réseau laisse passer le son et l’image en TCP (TCP 7881), le chemin de secours quand l’UDP est bloqué.',
    );
    expect(say({ check: 'turn', outcome: 'passed' })).toBe(
      'Votre réseau laisse passer le relais du serveur (TURN en UDP 3478, TURN sur TLS 443), le dernier recours quand rien d’autre ne passe.',
    );
    expect(say({ check: 'camera', outcome: 'passed' })).toBe(
      'La caméra fonctionne : son image est bien partie vers le serveur.',
    );
    expect(say({ check: 'microphone', outcome: 'passed' })).toBe(
      'Le micro fonctionne : votre voix est bien partie vers le serveur.',
    );
  });

  it('says what the network blocks, and what a device lacks', () => {
    expect(say({ check: 'signalling', outcome: 'failed' })).toContain('Votre réseau bloque la connexion');
    expect(say({ check: 'udp', outcome: 'failed' })).toBe(
      'Votre réseau bloque le son et l’image en UDP (UDP 7882) : la salle passe alors par un chemin de secours, un peu moins fluide.',
    );
    expect(say({ check: 'tcp', outcome: 'failed' })).toContain(
      'Votre réseau bloque le son et l’image en TCP (TCP 7881)',
    );
    expect(say({ check: 'camera', outcome: 'failed' })).toContain('La caméra ne fonctionne pas');
    expect(say({ check: 'microphone', outcome: 'skipped' })).toBe(
      'Le micro n’a pas pu être essayé : le son et l’image n’ont pas pu rejoindre le serveur.',
    );
  });

  it('says truthfully when the server offers no relay, or none over TLS', () => {
    const bare = { signalling, announced: { ...announced, relays: [] } };
    expect(resultSentence({ check: 'turn', outcome: 'skipped' }, bare)).toBe(
      'Ce serveur de visioconférence n’annonce aucun relais (TURN) : le test n’a pas pu en essayer. Un réseau qui ne laisse sortir que le web (HTTPS, port 443) ne passera pas.',
    );
    const udpOnly = { signalling, announced: { ...announced, relays: announced.relays.slice(0, 1) } };
    expect(resultSentence({ check: 'turn', outcome: 'passed' }, udpOnly)).toContain(
      'Ce serveur n’annonce pas de relais TURN sur TLS',
    );
  });

  it('sums it up: ready, ready by a way round, or not', () => {
    const all = SCHOOL.map((result) => ({ ...result, outcome: 'passed' as const }));
    expect(verdictOf(all)).toEqual({
      ready: true,
      sentence: 'Tout fonctionne : votre réseau et vos appareils sont prêts pour la visioconférence.',
    });
    expect(verdictOf(SCHOOL).sentence).toMatch(/^Vous pourrez rejoindre la salle, par un chemin de secours/);
    const walled = SCHOOL.map((result) => ({ ...result, outcome: 'failed' as const }));
    expect(verdictOf(walled)).toMatchObject({ ready: false });
    expect(verdictOf(walled).sentence).toMatch(/^Votre réseau ne permet pas de rejoindre la salle/);
    const mute = all.map((result) =>
      result.check === 'microphone' ? { ...result, outcome: 'failed' as const } : result,
    );
    expect(verdictOf(mute).sentence).toMatch(/^Votre réseau est prêt, mais la caméra ou le micro/);
    expect(networkFailed(all)).toBe(false);
    expect(networkFailed(mute)).toBe(false);
    expect(networkFailed(SCHOOL)).toBe(true);
  });
});

describe('the request to the IT', () => {
  it('lists what the test found and every outgoing connection to allow, from the server’s own announcement', () => {
    expect(itRequestText({ testUrl: TEST_URL, signalling, announced, results: SCHOOL })).toBe(
      [
        'Bonjour,',
        '',
        'Nous participons à des rencontres en visioconférence sur Passerelle Industrie. Son test de connexion (https://passerelle-industrie.fr/test-connexion) indique depuis notre réseau :',
        '- fonctionne : la connexion au serveur de visioconférence ;',
        '- bloqué : le son et l’image en UDP ;',
        '- fonctionne : le son et l’image en TCP ;',
        '- fonctionne : le relais TURN ;',
        '',
        'Pour que la visioconférence fonctionne, merci d’autoriser depuis notre réseau les connexions sortantes suivantes :',
        '- TCP 443 (WebSocket sur TLS) vers visio.passerelle-industrie.fr : la connexion au serveur ;',
        '- UDP 7882 vers 203.0.113.10 : le son et l’image (le meilleur chemin) ;',
        '- TCP 7881 vers 203.0.113.10 : le son et l’image, si l’UDP reste fermé ;',
        '- UDP 3478 (TURN en UDP) vers 203.0.113.10 : le relais, si rien d’autre ne passe ;',
        '- TCP 443 (TURN sur TLS) vers turn.visio.passerelle-industrie.fr : le relais, si rien d’autre ne passe ;',
        '',
        'Merci d’avance.',
      ].join('\n'),
    );
  });

  it('says what the platform knows alone before the test (the page without JavaScript)', () => {
    const text = itRequestText({ testUrl: TEST_URL, signalling, announced: NOTHING_ANNOUNCED, results: [] });
    expect(text).toContain(
      'Son test de connexion (https://passerelle-industrie.fr/test-connexion) est à lancer depuis notre réseau.',
    );
    expect(text).toContain(
      '- TCP 443 (WebSocket sur TLS) vers visio.passerelle-industrie.fr : la connexion au serveur ;',
    );
    expect(text).toContain('le test de connexion les indique dès qu’il a pu joindre le serveur.');
  });

  it('goes by e-mail as a new message, subject and text', () => {
    const mailto = itRequestMailto('Bonjour,\nMerci.');
    expect(mailto.startsWith('mailto:?subject=')).toBe(true);
    const query = new URLSearchParams(mailto.slice('mailto:?'.length));
    expect(query.get('subject')).toBe(IT_REQUEST_SUBJECT);
    expect(query.get('body')).toBe('Bonjour,\nMerci.');
  });
});

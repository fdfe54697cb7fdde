import { describe, expect, it } from 'vitest';
import { defineMailTemplates, mailRegistry, type OutgoingMail } from '../mail/index.ts';
import { MAIL_TEMPLATES, renderMail } from './mails.ts';

const to = 'camille.martin@example.fr';
const EXAMPLES: { mail: OutgoingMail; link: string | null }[] = [
  {
    mail: {
      template: 'teacherWelcome',
      to,
      data: { firstName: 'Camille', loginUrl: 'https://passerelle.test/login-teacher' },
    },
    link: 'https://passerelle.test/login-teacher',
  },
  {
    mail: {
      template: 'passwordReset',
      to,
      data: {
        firstName: 'Camille',
        resetUrl: 'https://passerelle.test/reset-password?token=abc',
        expiresInMinutes: 30,
      },
    },
    link: 'https://passerelle.test/reset-password?token=abc',
  },
  {
    mail: {
      template: 'companySignupReceived',
      to,
      data: { firstName: 'Camille', companyName: 'Forges de Lyon' },
    },
    link: null,
  },
  {
    mail: {
      template: 'joinRequestConfirm',
      to,
      data: {
        firstName: 'Camille',
        companyName: 'Forges de Lyon',
        email: to,
        confirmUrl: 'https://passerelle.test/confirm-join-request?token=abc',
        expiresInHours: 48,
      },
    },
    link: 'https://passerelle.test/confirm-join-request?token=abc',
  },
  {
    mail: {
      template: 'loginAttempts',
      to,
      data: {
        firstName: 'Camille',
        attempts: 10,
        windowMinutes: 15,
        resetUrl: 'https://passerelle.test/reset-password?token=xyz',
        expiresInHours: 24,
        forgotPasswordUrl: 'https://passerelle.test/forgot-password',
      },
    },
    link: 'https://passerelle.test/reset-password?token=xyz',
  },
  {
    mail: {
      template: 'joinRequestReceived',
      to,
      data: {
        firstName: 'Camille',
        companyName: 'Forges de Lyon',
        requesterName: 'Noé Petit',
        requesterEmail: 'noe.petit@forges.fr',
        teamUrl: 'https://passerelle.test/my-company/team',
      },
    },
    link: 'https://passerelle.test/my-company/team',
  },
  {
    mail: {
      template: 'joinRequestAccepted',
      to,
      data: {
        firstName: 'Camille',
        companyName: 'Forges de Lyon',
        loginUrl: 'https://passerelle.test/login-company',
      },
    },
    link: 'https://passerelle.test/login-company',
  },
  {
    mail: {
      template: 'joinRequestRefused',
      to,
      data: { firstName: 'Camille', companyName: 'Forges de Lyon', loginUrl: null },
    },
    link: null,
  },
  {
    mail: {
      template: 'companyValidated',
      to,
      data: {
        firstName: 'Camille',
        companyName: 'Forges de Lyon',
        loginUrl: 'https://passerelle.test/login-company',
      },
    },
    link: 'https://passerelle.test/login-company',
  },
  {
    mail: {
      template: 'companyRefused',
      to,
      data: { firstName: 'Camille', companyName: 'Forges de Lyon', reason: null },
    },
    link: null,
  },
  {
    mail: {
      template: 'meetingCancelledByTeacherDeletion',
      to,
      data: {
        firstName: 'Camille',
        establishmentName: 'Collège Jean Moulin',
        startsAt: '2026-04-14T07:00:00.000Z',
        timeZone: 'Europe/Paris',
        participantsCount: 12,
        meetingsUrl: 'https://passerelle.test/meetings-company',
      },
    },
    link: 'https://passerelle.test/meetings-company',
  },
  {
    mail: { template: 'accountDeleted', to, data: { firstName: 'Camille', cancelledMeetings: 0 } },
    link: null,
  },
  {
    mail: {
      template: 'retentionWarning',
      to,
      data: {
        firstName: 'Camille',
        anonymisedFrom: '9 avril 2026',
        keepUrl: 'https://passerelle.test/keep-account/abc.def',
      },
    },
    link: 'https://passerelle.test/keep-account/abc.def',
  },
  {
    mail: { template: 'accountAnonymised', to, data: { firstName: 'Camille', cancelledMeetings: 0 } },
    link: null,
  },
];

describe('webhookEndpointPaused', () => {
  it('tells the key’s contact which endpoint, why, and how to resume, with no name to greet', () => {
    const { subject, text } = renderMail({
      template: 'webhookEndpointPaused',
      to: 'api@region.example',
      data: {
        keyName: 'Région Test',
        url: 'https://hooks.region.example/in',
        lastError: 'Réponse 503',
        guideUrl: 'https://passerelle.test/developpeurs',
      },
    });
    expect(subject).toContain('https://hooks.region.example/in');
    expect(text).toMatch(/^Bonjour,\n/);
    for (const part of [
      'Réponse 503',
      'Région Test',
      'redeliverWebhook',
      'https://passerelle.test/developpeurs',
    ])
      expect(text).toContain(part);
  });
});

describe('renderMail', () => {
  it.each(EXAMPLES)('renders $mail.template in French, in HTML and in text', ({ mail, link }) => {
    const { subject, html, text } = renderMail(mail);
    expect(subject.length).toBeGreaterThan(5);
    expect(html).toMatch(/^<!DOCTYPE html><html lang="fr">/);
    expect(html).toContain(`<title>${subject.replaceAll("'", '&#x27;')}</title>`);
    expect(html).toContain('>Bonjour Camille,</p>');
    expect(text).toMatch(/^Bonjour Camille,\n/);
    for (const body of [html, text]) expect(body).toContain('Passerelle Industrie');
    if (link) {
      expect(html).toContain(`href="${link}"`);
      expect(text).toContain(link);
    }
    expect(text).not.toMatch(/<[a-z]/i);
  });

  it('says how long a reset link lasts, that it works once, and what to do if it was not asked for', () => {
    const reset = (expiresInMinutes: number) =>
      renderMail({
        template: 'passwordReset',
        to,
        data: { firstName: 'Camille', resetUrl: 'https://passerelle.test/r', expiresInMinutes },
      }).text;
    expect(reset(30)).toContain('valable 30 minutes');
    expect(reset(60)).toContain('valable 1 heure');
    expect(reset(30)).toContain('une seule fois');
    expect(reset(30)).toContain('ignorez simplement cet e-mail');
  });

  it('gives the reason of a refusal when there is one', () => {
    const refused = (reason: string | null) =>
      renderMail({
        template: 'companyRefused',
        to,
        data: { firstName: 'Camille', companyName: 'Forges', reason },
      });
    expect(refused('SIRET inconnu').text).toContain('Motif indiqué : SIRET inconnu');
    expect(refused('SIRET inconnu').html).toContain('Motif indiqué : SIRET inconnu');
    expect(refused(null).text).not.toContain('Motif');
    expect(refused('  ').text).not.toContain('Motif');
  });

  it('escapes what users typed in the HTML', () => {
    const { html, text } = renderMail({
      template: 'companySignupReceived',
      to,
      data: { firstName: '<b>Camille</b>', companyName: 'Dupont & Fils' },
    });
    expect(html).toContain('&lt;b&gt;Camille&lt;/b&gt;');
    expect(html).toContain('Dupont &amp; Fils');
    expect(text).toContain('Dupont & Fils');
  });

  it('tells a company which establishment cancelled, when in the slot zone, and how many were coming', () => {
    const cancelled = (timeZone: string, participantsCount: number) =>
      renderMail({
        template: 'meetingCancelledByTeacherDeletion',
        to,
        data: {
          firstName: 'Camille',
          establishmentName: 'Lycée Diderot',
          startsAt: '2026-04-14T12:00:00.000Z',
          timeZone,
          participantsCount,
          meetingsUrl: 'https://passerelle.test/meetings-company',
        },
      });
    expect(cancelled('Europe/Paris', 12).subject).toBe(
      'Rendez-vous annulé : Lycée Diderot, mardi 14 avril 2026 à 14:00',
    );
    expect(cancelled('Europe/Paris', 12).text).toContain('(12 participants)');
    expect(cancelled('Europe/Paris', 1).text).toContain('(1 participant)');
    expect(cancelled('America/Cayenne', 12).text).toContain(
      'mardi 14 avril 2026 à 09:00 (heure de la Guyane française)',
    );
    expect(cancelled('Europe/Paris', 12).text).toContain('l’enseignant a supprimé son compte');
  });

  it('confirms a deletion with the number of meetings cancelled', () => {
    const deleted = (cancelledMeetings: number) =>
      renderMail({ template: 'accountDeleted', to, data: { firstName: 'Camille', cancelledMeetings } }).text;
    expect(deleted(0)).toContain('Vous n’aviez aucun rendez-vous à venir.');
    expect(deleted(1)).toContain('Votre rendez-vous à venir a été annulé');
    expect(deleted(3)).toContain('Vos 3 rendez-vous à venir ont été annulés');
  });

  it('refuses a template it does not know', () => {
    const unknown: OutgoingMail = { template: 'weeklyDigest', to, data: {} };
    expect(() => renderMail(unknown)).toThrow(/unknown mail template/);
    expect(() => renderMail({ template: 'toString', to, data: {} })).toThrow(/unknown mail template/);
  });

  it('refuses a mail without data', () => {
    expect(() => renderMail({ template: 'teacherWelcome', to, data: null })).toThrow(/no data/);
  });
});

describe('French as a person writes it (issue 36)', () => {
  const render = (template: string, data: Record<string, unknown>) => renderMail({ template, to, data });

  it('elides « de » before a name that starts with a vowel', () => {
    const received = render('companySignupReceived', { firstName: 'Camille', companyName: 'Aéro Occitanie' });
    expect(received.subject).toMatch(/inscription d’Aéro Occitanie$/);
    const validated = render('companyValidated', {
      firstName: 'Camille',
      companyName: 'Énergies Nouvelles',
      loginUrl: 'https://passerelle.test/login-company',
    });
    expect(validated.text).toContain('inscription d’Énergies Nouvelles.');
    const joined = render('joinRequestAccepted', {
      firstName: 'Camille',
      companyName: 'Le Creusot Forge',
      loginUrl: null,
    });
    expect(joined.subject).toMatch(/équipe du Creusot Forge$/);
    expect(
      render('companySignupReceived', { firstName: 'Camille', companyName: 'Forges de Lyon' }).subject,
    ).toMatch(/inscription de Forges de Lyon$/);
  });

  it('makes a waitlist offer agree with the seats it holds, from its subject to its button', () => {
    const offer = (groupSize: number) =>
      render('waitlistOffer', {
        firstName: 'Camille',
        companyName: 'Forges de Lyon',
        startsAt: '2026-04-14T07:00:00.000Z',
        timeZone: 'Europe/Paris',
        groupSize,
        expiresAt: '2026-04-10T07:00:00.000Z',
        offerUrl: 'https://passerelle.test/meetings-teacher#liste-attente',
      });
    const eight = offer(8);
    expect(eight.subject).toMatch(/^Des places se libèrent/);
    expect(eight.text).toContain('8 places vous sont réservées');
    expect(eight.text).toContain('Acceptez-les');
    expect(eight.text).toContain('Accepter ou refuser les places');
    expect(eight.text).not.toMatch(/Une place/);
    const one = offer(1);
    expect(one.subject).toMatch(/^Une place se libère/);
    expect(one.text).toContain('1 place vous est réservée');
    expect(one.text).toContain('Acceptez-la');
    expect(one.text).toContain('elle sera proposée');
    expect(one.text).not.toMatch(/places|Acceptez-les/);
  });

  it('tells the company whether the freed seats are free again or held for the waitlist', () => {
    const cancelled = (participantsCount: number | undefined, seatsToLine: number | undefined) =>
      render('meetingCancelledByTeacherDeletion', {
        firstName: 'Camille',
        establishmentName: 'Lycée Diderot',
        startsAt: '2026-04-14T12:00:00.000Z',
        timeZone: 'Europe/Paris',
        participantsCount,
        seatsToLine,
        meetingsUrl: 'https://passerelle.test/meetings-company',
      }).text;
    expect(cancelled(8, 0)).toContain(
      'Les 8 places réservées sont de nouveau disponibles sur votre créneau.',
    );
    expect(cancelled(1, 0)).toContain('La place réservée est de nouveau disponible sur votre créneau.');
    expect(cancelled(8, 8)).toContain(
      'Les 8 places libérées sont réservées aux classes de la liste d’attente de votre créneau.',
    );
    expect(cancelled(8, 8)).not.toContain('de nouveau disponible');
    expect(cancelled(1, 1)).toContain('La place libérée est réservée à une classe de la liste d’attente');
    expect(cancelled(8, 3)).toContain(
      '3 places libérées sont réservées aux classes de la liste d’attente de votre créneau',
    );
    expect(cancelled(8, 3)).toContain('les 5 autres sont de nouveau disponibles.');
  });

  it('says one cancelled meeting and its one company in the singular', () => {
    const deleted = render('accountDeleted', { firstName: 'Camille', cancelledMeetings: 1 }).text;
    expect(deleted).toContain(
      'Votre rendez-vous à venir a été annulé et l’entreprise concernée a été prévenue.',
    );
  });
});

describe('MAIL_TEMPLATES', () => {
  it('knows every template of every domain, each by the name its rows carry', () => {
    expect(MAIL_TEMPLATES.size).toBe(45);
    for (const [name, template] of MAIL_TEMPLATES) expect(template.name).toBe(name);
    expect([...MAIL_TEMPLATES.keys()]).toEqual(
      expect.arrayContaining([
        'teacherWelcome',
        'operationsAlarm',
        'meetingBooked',
        'bookingChanged',
        'weeklyAlert',
        'waitlistOfferLapsed',
        'recruiterInvitation',
        'joinRequestConfirm',
        'joinRequestReceived',
        'joinRequestAccepted',
        'loginAttempts',
        'joinRequestRefused',
        'teamMemberRemoved',
        'webhookEndpointPaused',
      ]),
    );
  });

  it('refuses two templates of one name', () => {
    const compose = () => ({ subject: 'S', heading: 'H', firstName: '', before: [] });
    const first = defineMailTemplates({ teacherWelcome: compose });
    expect(() => mailRegistry(first, defineMailTemplates({ teacherWelcome: compose }))).toThrow(
      /two mail templates named teacherWelcome/,
    );
  });
});

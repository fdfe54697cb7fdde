/** The demo's texts: feedback, the FAQ, the platform's articles and the companies' news. */
import type { FaqAudience } from '../../../common/constants.ts';

export const FEEDBACK_LIKED: readonly string[] = [
  'Les élèves ont adoré voir les robots de soudure en fonctionnement et poser leurs questions aux apprentis.',
  'Accueil très chaleureux, visite bien rythmée et adaptée à l’âge des élèves.',
  'Les intervenants ont su parler simplement de leur parcours ; plusieurs élèves veulent faire leur stage ici.',
  'La démonstration sur machine à commande numérique a beaucoup marqué le groupe.',
  'Des échanges concrets sur les salaires, les horaires et les formations en alternance.',
  'La présence d’une jeune femme technicienne a fait évoluer le regard des élèves sur ces métiers.',
];

export const FEEDBACK_SUGGESTIONS: readonly string[] = [
  'Prévoir un temps de pause : la visite était un peu longue pour des collégiens.',
  'Envoyer à l’avance un petit dossier pour préparer la visite en classe.',
  'Le bruit de l’atelier rendait les explications difficiles à suivre : des casques audio seraient utiles.',
  'Rien à signaler, nous reviendrons avec une autre classe.',
  '',
];

export const FAQ: readonly (readonly [FaqAudience, string, string])[] = [
  [
    'visitor',
    'Qu’est-ce que Passerelle Industrie ?',
    'Une plateforme gratuite où les entreprises industrielles publient des créneaux de visite, d’intervention en classe ou de webinaire, que les enseignants et les prescripteurs réservent en quelques clics.',
  ],
  [
    'visitor',
    'La plateforme est-elle disponible dans mon département ?',
    'Elle ouvre département par département, avec la chambre territoriale de la métallurgie. Si votre département n’est pas encore ouvert, l’inscription vous l’indique.',
  ],
  [
    'visitor',
    'Le service est-il payant ?',
    'Non. L’inscription, la publication de créneaux et les réservations sont gratuites pour tous.',
  ],
  [
    'teacher',
    'Combien de participants puis-je inscrire ?',
    'Autant que de places restantes sur le créneau, accompagnateurs compris. L’entreprise fixe la capacité maximale de chaque créneau.',
  ],
  [
    'teacher',
    'Comment annuler une réservation ?',
    'Depuis « Mes rencontres », ouvrez la rencontre et choisissez « Annuler ». Pensez aussi à prévenir l’entreprise par téléphone : son numéro est affiché.',
  ],
  [
    'teacher',
    'Que se passe-t-il si l’entreprise déplace le créneau ?',
    'Votre réservation passe au statut « reportée » et vous recevez un e-mail avec le nouvel horaire. Vous gardez votre place ou vous annulez.',
  ],
  [
    'teacher',
    'Puis-je demander une aide au transport ?',
    'Oui, pour une visite d’entreprise confirmée, avant qu’elle ait lieu : depuis le détail du rendez-vous, indiquez la taille du groupe et l’adresse de départ. L’équipe de la plateforme vous répond par e-mail.',
  ],
  [
    'company',
    'Comment publier un créneau ?',
    'Depuis votre espace, choisissez « Créer un créneau » : date, heure, durée, type de rencontre, publics visés et intervenant. Vous pouvez dupliquer un créneau sur plusieurs semaines.',
  ],
  [
    'company',
    'Pourquoi mon compte est-il en attente de validation ?',
    'Chaque entreprise est vérifiée par l’équipe de la plateforme avant sa première connexion. Vous recevez un e-mail dès la validation.',
  ],
  [
    'company',
    'Puis-je modifier un créneau déjà réservé ?',
    'Oui, tant qu’il est à venir. Les enseignants inscrits sont prévenus et choisissent de garder leur place ou d’annuler. La capacité ne peut pas descendre sous le nombre de places déjà réservées.',
  ],
];

export const PLATFORM_ARTICLES: readonly (readonly [string, string, string])[] = [
  [
    'Passerelle Industrie ouvre à La Réunion',
    'Les entreprises industrielles réunionnaises publient leurs premiers créneaux.',
    'Après le Rhône, l’Isère, la Haute-Garonne et la Loire-Atlantique, la plateforme ouvre à La Réunion avec l’UIMM La Réunion.\n\nChantiers navals, métallerie, maintenance aéronautique, froid industriel : une dizaine d’entreprises accueillent déjà des classes et des demandeurs d’emploi. Les horaires des créneaux sont affichés à l’heure de La Réunion.',
  ],
  [
    'Préparer une visite d’entreprise avec sa classe',
    'Nos conseils pour que la visite soit utile aux élèves et simple pour l’entreprise.',
    'Avant la visite, présentez l’entreprise et ses métiers en classe, et faites préparer des questions aux élèves.\n\nLe jour J, vérifiez la tenue demandée (chaussures fermées, cheveux attachés) et arrivez un peu en avance.\n\nAprès la visite, répondez au questionnaire de satisfaction : il aide l’entreprise à améliorer son accueil.',
  ],
  [
    'Semaine de l’industrie : les ateliers ouvrent leurs portes',
    'Plus de cent créneaux publiés pour faire découvrir les métiers industriels.',
    'Pendant la Semaine de l’industrie, les entreprises de la plateforme multiplient les visites, les interventions en classe et les webinaires.\n\nRéservez dès maintenant : les créneaux les plus demandés sont vite complets.',
  ],
];

export const COMPANY_NEWS: readonly (readonly [string, string])[] = [
  [
    'Douze apprentis nous rejoignent à la rentrée',
    'Du CAP au diplôme d’ingénieur, douze apprentis commencent leur formation dans nos ateliers. Chacun est accompagné par un tuteur expérimenté.',
  ],
  [
    'Un nouvel atelier de soudure robotisée',
    'Notre nouvel atelier associe cellules robotisées et postes manuels. Il sera au programme de nos prochaines visites.',
  ],
  [
    'Journée portes ouvertes',
    'Familles, élèves et demandeurs d’emploi sont invités à découvrir nos métiers lors de notre journée portes ouvertes.',
  ],
  [
    'Certification ISO 14001 obtenue',
    'Notre site a obtenu la certification ISO 14001 pour son système de management environnemental, fruit de deux ans de travail des équipes.',
  ],
  [
    'Un centre d’usinage cinq axes pour la production',
    'Ce nouvel équipement nous permet de fabriquer des pièces plus complexes et crée trois postes de technicien.',
  ],
  [
    'Nous recrutons des techniciens de maintenance',
    'Nous ouvrons plusieurs postes en CDI et en alternance. Les candidatures de personnes en reconversion sont les bienvenues.',
  ],
  [
    'Partenariat avec un lycée professionnel du territoire',
    'Nos équipes accueilleront chaque trimestre des élèves de bac pro pour des ateliers pratiques.',
  ],
];

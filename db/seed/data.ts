/** Hand-written French reference material the demo data is drawn from. All companies are invented. */
import type { Sector } from '../../common/constants.ts';

export interface Commune {
  name: string;
  postcode: string;
  /** Centre of the commune. */
  lat: number;
  lng: number;
}

export interface DemoDepartment {
  code: string;
  chamber: string;
  /** First digits of the landlines of the area. */
  phonePrefix: string;
  communes: readonly Commune[];
}

export const DEMO_DEPARTMENTS: readonly DemoDepartment[] = [
  {
    code: '69',
    chamber: 'UIMM Lyon-Rhône',
    phonePrefix: '04',
    communes: [
      { name: 'Lyon', postcode: '69003', lat: 45.76, lng: 4.859 },
      { name: 'Vénissieux', postcode: '69200', lat: 45.6975, lng: 4.8867 },
      { name: 'Villeurbanne', postcode: '69100', lat: 45.7719, lng: 4.8902 },
      { name: 'Saint-Priest', postcode: '69800', lat: 45.6963, lng: 4.944 },
      { name: 'Vaulx-en-Velin', postcode: '69120', lat: 45.7781, lng: 4.9225 },
      { name: 'Givors', postcode: '69700', lat: 45.5906, lng: 4.7689 },
      { name: 'Villefranche-sur-Saône', postcode: '69400', lat: 45.9894, lng: 4.7189 },
      { name: 'Rillieux-la-Pape', postcode: '69140', lat: 45.8203, lng: 4.8983 },
      { name: 'Corbas', postcode: '69960', lat: 45.668, lng: 4.902 },
      { name: 'Saint-Fons', postcode: '69190', lat: 45.7086, lng: 4.8533 },
      { name: 'Meyzieu', postcode: '69330', lat: 45.7667, lng: 5.0036 },
    ],
  },
  {
    code: '38',
    chamber: 'UIMM Isère',
    phonePrefix: '04',
    communes: [
      { name: 'Grenoble', postcode: '38000', lat: 45.1885, lng: 5.7245 },
      { name: 'Échirolles', postcode: '38130', lat: 45.1436, lng: 5.7183 },
      { name: "Saint-Martin-d'Hères", postcode: '38400', lat: 45.1672, lng: 5.7653 },
      { name: 'Voiron', postcode: '38500', lat: 45.3642, lng: 5.5906 },
      { name: 'Vienne', postcode: '38200', lat: 45.5255, lng: 4.8744 },
      { name: 'Bourgoin-Jallieu', postcode: '38300', lat: 45.5861, lng: 5.2736 },
      { name: 'Le Pont-de-Claix', postcode: '38800', lat: 45.1231, lng: 5.6978 },
      { name: 'Crolles', postcode: '38920', lat: 45.2847, lng: 5.8836 },
      { name: 'Moirans', postcode: '38430', lat: 45.3258, lng: 5.5656 },
      { name: 'Rives', postcode: '38140', lat: 45.3525, lng: 5.5022 },
    ],
  },
  {
    code: '31',
    chamber: 'UIMM Occitanie – Haute-Garonne',
    phonePrefix: '05',
    communes: [
      { name: 'Toulouse', postcode: '31000', lat: 43.6045, lng: 1.444 },
      { name: 'Blagnac', postcode: '31700', lat: 43.637, lng: 1.39 },
      { name: 'Colomiers', postcode: '31770', lat: 43.6115, lng: 1.3348 },
      { name: 'Cornebarrieu', postcode: '31700', lat: 43.6494, lng: 1.3292 },
      { name: 'Muret', postcode: '31600', lat: 43.4614, lng: 1.3267 },
      { name: 'Saint-Gaudens', postcode: '31800', lat: 43.1081, lng: 0.7233 },
      { name: 'Labège', postcode: '31670', lat: 43.5317, lng: 1.5122 },
      { name: 'Portet-sur-Garonne', postcode: '31120', lat: 43.5233, lng: 1.4058 },
      { name: 'Balma', postcode: '31130', lat: 43.6111, lng: 1.4994 },
      { name: 'Tournefeuille', postcode: '31170', lat: 43.5853, lng: 1.3444 },
    ],
  },
  {
    code: '44',
    chamber: 'UIMM Loire-Atlantique',
    phonePrefix: '02',
    communes: [
      { name: 'Nantes', postcode: '44000', lat: 47.2184, lng: -1.5536 },
      { name: 'Saint-Nazaire', postcode: '44600', lat: 47.2735, lng: -2.2138 },
      { name: 'Saint-Herblain', postcode: '44800', lat: 47.2122, lng: -1.6497 },
      { name: 'Rezé', postcode: '44400', lat: 47.1833, lng: -1.55 },
      { name: 'Bouguenais', postcode: '44340', lat: 47.1778, lng: -1.6236 },
      { name: 'Carquefou', postcode: '44470', lat: 47.2975, lng: -1.4914 },
      { name: 'Montoir-de-Bretagne', postcode: '44550', lat: 47.3275, lng: -2.1497 },
      { name: 'Châteaubriant', postcode: '44110', lat: 47.7172, lng: -1.3764 },
      { name: 'Ancenis-Saint-Géréon', postcode: '44150', lat: 47.3656, lng: -1.1772 },
      { name: 'Trignac', postcode: '44570', lat: 47.3178, lng: -2.1883 },
    ],
  },
  {
    code: '974',
    chamber: 'UIMM La Réunion',
    phonePrefix: '0262',
    communes: [
      { name: 'Saint-Denis', postcode: '97400', lat: -20.8823, lng: 55.4504 },
      { name: 'Le Port', postcode: '97420', lat: -20.9373, lng: 55.2919 },
      { name: 'Saint-Pierre', postcode: '97410', lat: -21.3393, lng: 55.4781 },
      { name: 'Saint-Paul', postcode: '97460', lat: -21.0096, lng: 55.2707 },
      { name: 'Saint-André', postcode: '97440', lat: -20.9633, lng: 55.6503 },
      { name: 'Le Tampon', postcode: '97430', lat: -21.2779, lng: 55.5177 },
      { name: 'Sainte-Marie', postcode: '97438', lat: -20.8969, lng: 55.5492 },
      { name: 'La Possession', postcode: '97419', lat: -20.9253, lng: 55.3358 },
      { name: 'Saint-Louis', postcode: '97450', lat: -21.286, lng: 55.4113 },
      { name: 'Saint-Benoît', postcode: '97470', lat: -21.0339, lng: 55.7128 },
    ],
  },
];

export const JOBS: readonly (readonly [label: string, sector: Sector])[] = [
  ['Ajusteur-monteur / ajusteuse-monteuse aéronautique', 'aerospace'],
  ['Technicien / technicienne de maintenance aéronautique', 'aerospace'],
  ['Câbleur / câbleuse aéronautique', 'aerospace'],
  ['Peintre aéronautique', 'aerospace'],
  ['Opérateur / opératrice composites', 'aerospace'],
  ['Ingénieur / ingénieure structures aéronautiques', 'aerospace'],
  ['Chaudronnier / chaudronnière', 'naval'],
  ['Soudeur / soudeuse', 'naval'],
  ['Tuyauteur / tuyauteuse', 'naval'],
  ['Charpentier / charpentière métallique', 'naval'],
  ['Électricien / électricienne de bord', 'naval'],
  ['Dessinateur / dessinatrice en construction navale', 'naval'],
  ['Fondeur / fondeuse', 'metallurgy'],
  ['Forgeron / forgeronne', 'metallurgy'],
  ['Opérateur / opératrice de traitement thermique', 'metallurgy'],
  ['Lamineur / lamineuse', 'metallurgy'],
  ['Contrôleur / contrôleuse en essais non destructifs', 'metallurgy'],
  ['Technicien / technicienne de laboratoire en métallurgie', 'metallurgy'],
  ['Électrotechnicien / électrotechnicienne', 'electricalDigital'],
  ['Technicien / technicienne en électronique', 'electricalDigital'],
  ['Automaticien / automaticienne', 'electricalDigital'],
  ['Roboticien / roboticienne', 'electricalDigital'],
  ['Développeur / développeuse en informatique industrielle', 'electricalDigital'],
  ['Monteur-câbleur / monteuse-câbleuse en électronique', 'electricalDigital'],
  ['Technicien / technicienne de maintenance', 'energyEquipment'],
  ['Électromécanicien / électromécanicienne', 'energyEquipment'],
  ['Bobinier / bobinière', 'energyEquipment'],
  ['Frigoriste', 'energyEquipment'],
  ["Technicien / technicienne d'essais", 'energyEquipment'],
  ['Ingénieur / ingénieure en génie énergétique', 'energyEquipment'],
  ['Technicien / technicienne de maintenance ferroviaire', 'rail'],
  ['Monteur-assembleur / monteuse-assembleuse ferroviaire', 'rail'],
  ['Câbleur / câbleuse ferroviaire', 'rail'],
  ['Peintre industriel / peintre industrielle', 'rail'],
  ['Ingénieur / ingénieure matériel roulant', 'rail'],
  ['Conducteur / conductrice de ligne', 'automotive'],
  ['Opérateur / opératrice de production', 'automotive'],
  ['Régleur / régleuse de presses', 'automotive'],
  ['Technicien / technicienne qualité', 'automotive'],
  ['Ingénieur / ingénieure qualité', 'automotive'],
  ['Technicien / technicienne logistique', 'automotive'],
  ['Usineur / usineuse sur commande numérique', 'mechanics'],
  ['Tourneur / tourneuse', 'mechanics'],
  ['Fraiseur / fraiseuse', 'mechanics'],
  ['Mécanicien industriel / mécanicienne industrielle', 'mechanics'],
  ['Technicien / technicienne méthodes', 'mechanics'],
  ['Dessinateur-projeteur / dessinatrice-projeteuse', 'mechanics'],
];

/** Real NAF rev. 2 codes of each sector's activities. */
export const NAF_CODES: Record<Sector, readonly string[]> = {
  aerospace: ['30.30Z', '33.16Z'],
  naval: ['30.11Z', '30.12Z', '33.15Z'],
  metallurgy: ['24.10Z', '24.51Z', '24.53Z', '25.50A', '25.61Z', '25.11Z'],
  electricalDigital: ['26.11Z', '26.12Z', '27.12Z', '27.33Z', '26.51B'],
  energyEquipment: ['27.11Z', '28.11Z', '25.30Z', '27.20Z', '28.25Z'],
  rail: ['30.20Z', '33.17Z'],
  automotive: ['29.32Z', '29.10Z', '29.20Z', '29.31Z'],
  mechanics: ['25.62B', '25.62A', '28.41Z', '28.22Z', '28.29B', '33.12Z'],
};

export interface DemoCompany {
  name: string;
  sector: Sector;
  department: string;
  commune: string;
  /** Publishes no slot (some of these show the contact button). */
  noSlots?: boolean;
  contactOptIn?: boolean;
}

/** The first company is the demo recruiter's. */
export const DEMO_COMPANIES: readonly DemoCompany[] = [
  { name: 'Forges du Gier', sector: 'metallurgy', department: '69', commune: 'Givors' },
  { name: 'Mécanique de Précision Lyonnaise', sector: 'mechanics', department: '69', commune: 'Vénissieux' },
  {
    name: 'Électro-Systèmes Rhodaniens',
    sector: 'electricalDigital',
    department: '69',
    commune: 'Villeurbanne',
  },
  { name: 'Ateliers Ferroviaires de Vénissieux', sector: 'rail', department: '69', commune: 'Vénissieux' },
  { name: 'Carrosseries du Lyonnais', sector: 'automotive', department: '69', commune: 'Saint-Priest' },
  { name: 'Turbines Saône-Rhône', sector: 'energyEquipment', department: '69', commune: 'Saint-Fons' },
  { name: 'Fonderie de la Croix-Rousse', sector: 'metallurgy', department: '69', commune: 'Lyon' },
  { name: 'Robotique Confluence', sector: 'electricalDigital', department: '69', commune: 'Lyon' },
  { name: 'Usinage Beaujolais', sector: 'mechanics', department: '69', commune: 'Villefranche-sur-Saône' },
  {
    name: 'Équipementiers du Val de Saône',
    sector: 'automotive',
    department: '69',
    commune: 'Villefranche-sur-Saône',
    noSlots: true,
    contactOptIn: true,
  },
  { name: 'Transformateurs Lyon-Est', sector: 'energyEquipment', department: '69', commune: 'Meyzieu' },
  { name: 'Décolletage de Rillieux', sector: 'mechanics', department: '69', commune: 'Rillieux-la-Pape' },
  { name: 'Aéro-Composites du Rhône', sector: 'aerospace', department: '69', commune: 'Corbas' },
  { name: 'Chaudronnerie de Vaulx', sector: 'metallurgy', department: '69', commune: 'Vaulx-en-Velin' },
  {
    name: 'Câblages Industriels de Saint-Priest',
    sector: 'electricalDigital',
    department: '69',
    commune: 'Saint-Priest',
  },
  {
    name: 'Hydraulique Villeurbannaise',
    sector: 'mechanics',
    department: '69',
    commune: 'Villeurbanne',
    noSlots: true,
  },

  { name: 'Aciéries du Grésivaudan', sector: 'metallurgy', department: '38', commune: 'Crolles' },
  { name: 'Microélectronique Belledonne', sector: 'electricalDigital', department: '38', commune: 'Crolles' },
  { name: 'Hydro-Équipements des Alpes', sector: 'energyEquipment', department: '38', commune: 'Grenoble' },
  {
    name: 'Conduites Forcées du Drac',
    sector: 'energyEquipment',
    department: '38',
    commune: 'Le Pont-de-Claix',
  },
  { name: 'Mécanique Alpine de Voiron', sector: 'mechanics', department: '38', commune: 'Voiron' },
  {
    name: 'Capteurs du Dauphiné',
    sector: 'electricalDigital',
    department: '38',
    commune: "Saint-Martin-d'Hères",
  },
  {
    name: 'Remontées Mécaniques de Chartreuse',
    sector: 'mechanics',
    department: '38',
    commune: 'Grenoble',
    noSlots: true,
    contactOptIn: true,
  },
  { name: 'Forges de Rives', sector: 'metallurgy', department: '38', commune: 'Rives' },
  { name: 'Équipements Ferroviaires Viennois', sector: 'rail', department: '38', commune: 'Vienne' },
  { name: 'Composants Auto Nord-Isère', sector: 'automotive', department: '38', commune: 'Bourgoin-Jallieu' },
  { name: 'Électromécanique du Vercors', sector: 'energyEquipment', department: '38', commune: 'Échirolles' },
  { name: 'Usinages de Moirans', sector: 'mechanics', department: '38', commune: 'Moirans' },
  { name: 'Aéro-Mécanique Dauphinoise', sector: 'aerospace', department: '38', commune: 'Moirans' },

  { name: 'Aérostructures Garonne', sector: 'aerospace', department: '31', commune: 'Blagnac' },
  { name: 'Câblages Aéro Occitans', sector: 'aerospace', department: '31', commune: 'Colomiers' },
  {
    name: 'Ateliers Aéronautiques de Cornebarrieu',
    sector: 'aerospace',
    department: '31',
    commune: 'Cornebarrieu',
  },
  { name: 'Optique Spatiale du Midi', sector: 'aerospace', department: '31', commune: 'Toulouse' },
  {
    name: 'Électronique Embarquée du Sud-Ouest',
    sector: 'electricalDigital',
    department: '31',
    commune: 'Labège',
  },
  { name: 'Usinage des Pyrénées', sector: 'mechanics', department: '31', commune: 'Saint-Gaudens' },
  { name: 'Métallurgie du Comminges', sector: 'metallurgy', department: '31', commune: 'Saint-Gaudens' },
  { name: 'Mécanique Toulousaine de Précision', sector: 'mechanics', department: '31', commune: 'Toulouse' },
  {
    name: "Équipements Ferroviaires d'Occitanie",
    sector: 'rail',
    department: '31',
    commune: 'Portet-sur-Garonne',
  },
  { name: 'Énergies Nouvelles de Balma', sector: 'energyEquipment', department: '31', commune: 'Balma' },
  { name: 'Faisceaux Auto de Muret', sector: 'automotive', department: '31', commune: 'Muret' },
  { name: 'Traitements de Surface Colomiers', sector: 'metallurgy', department: '31', commune: 'Colomiers' },
  { name: 'Composites du Touch', sector: 'aerospace', department: '31', commune: 'Tournefeuille' },
  { name: 'Automatismes Occitans', sector: 'electricalDigital', department: '31', commune: 'Labège' },

  { name: "Chantiers de l'Estuaire", sector: 'naval', department: '44', commune: 'Saint-Nazaire' },
  { name: 'Tôlerie Navale de Penhoët', sector: 'naval', department: '44', commune: 'Saint-Nazaire' },
  {
    name: 'Aménagements Navals Atlantique',
    sector: 'naval',
    department: '44',
    commune: 'Montoir-de-Bretagne',
  },
  { name: 'Ateliers Aéro de Bouguenais', sector: 'aerospace', department: '44', commune: 'Bouguenais' },
  { name: 'Mécanique Nantaise', sector: 'mechanics', department: '44', commune: 'Carquefou' },
  { name: 'Fonderies du Pays de la Mée', sector: 'metallurgy', department: '44', commune: 'Châteaubriant' },
  { name: "Énergies Marines de l'Estuaire", sector: 'energyEquipment', department: '44', commune: 'Trignac' },
  { name: "Électronique de l'Erdre", sector: 'electricalDigital', department: '44', commune: 'Carquefou' },
  { name: 'Matériel Roulant Nantais', sector: 'rail', department: '44', commune: 'Rezé' },
  {
    name: "Sièges et Structures d'Ancenis",
    sector: 'automotive',
    department: '44',
    commune: 'Ancenis-Saint-Géréon',
  },
  { name: 'Hélices et Propulsion Atlantique', sector: 'naval', department: '44', commune: 'Saint-Herblain' },
  {
    name: 'Chaudronnerie de Trignac',
    sector: 'metallurgy',
    department: '44',
    commune: 'Trignac',
    noSlots: true,
    contactOptIn: true,
  },

  { name: 'Mécanique Océan Indien', sector: 'mechanics', department: '974', commune: 'Le Port' },
  { name: 'Chantier Naval de la Pointe des Galets', sector: 'naval', department: '974', commune: 'Le Port' },
  { name: 'Métallerie Bourbon', sector: 'metallurgy', department: '974', commune: 'Sainte-Marie' },
  {
    name: 'Équipements Énergétiques du Sud',
    sector: 'energyEquipment',
    department: '974',
    commune: 'Saint-Pierre',
  },
  {
    name: "Électrotechnique de l'Est",
    sector: 'electricalDigital',
    department: '974',
    commune: 'Saint-André',
  },
  {
    name: 'Chaudronnerie Maritime Réunion',
    sector: 'metallurgy',
    department: '974',
    commune: 'La Possession',
  },
  {
    name: 'Carrosseries Industrielles de Saint-Paul',
    sector: 'automotive',
    department: '974',
    commune: 'Saint-Paul',
  },
  { name: 'Maintenance Aéro Gillot', sector: 'aerospace', department: '974', commune: 'Sainte-Marie' },
  { name: 'Usinage du Tampon', sector: 'mechanics', department: '974', commune: 'Le Tampon', noSlots: true },
  {
    name: 'Froid et Climatisation de Saint-Louis',
    sector: 'energyEquipment',
    department: '974',
    commune: 'Saint-Louis',
  },
];

export const PENDING_COMPANY: DemoCompany = {
  name: "Métallerie des Monts d'Or",
  sector: 'metallurgy',
  department: '69',
  commune: 'Rillieux-la-Pape',
};

/** What the company does, completing "<name> …". */
export const SECTOR_ACTIVITIES: Record<Sector, readonly string[]> = {
  aerospace: [
    'fabrique des pièces de structure pour les avions commerciaux et les hélicoptères',
    'assemble des sous-ensembles aéronautiques et réalise le câblage de tronçons de fuselage',
    'usine et traite des pièces en titane et en aluminium pour les motoristes et les avionneurs',
    'assure la maintenance et la réparation de trains d’atterrissage et d’équipements de cabine',
  ],
  naval: [
    'construit et arme des blocs de coque pour les grands chantiers navals',
    'réalise la tuyauterie, la chaudronnerie et les aménagements intérieurs de navires',
    'conçoit des lignes d’arbre et des hélices pour les navires de commerce et de pêche',
  ],
  metallurgy: [
    'coule et usine des pièces en fonte et en acier pour l’industrie lourde',
    'forge et matrice des pièces de sécurité pour l’automobile et le ferroviaire',
    'réalise des traitements thermiques et des revêtements de surface sur pièces métalliques',
    'fabrique des structures métalliques et des ensembles chaudronnés sur mesure',
  ],
  electricalDigital: [
    'conçoit et assemble des cartes électroniques pour l’industrie et la santé',
    'fabrique des armoires électriques et des automatismes pour les lignes de production',
    'développe des capteurs, des logiciels embarqués et des solutions de robotique',
  ],
  energyEquipment: [
    'fabrique des transformateurs et des moteurs électriques de forte puissance',
    'conçoit et entretient des turbines et des équipements hydrauliques',
    'produit des équipements pour les énergies renouvelables et les réseaux de chaleur',
    'installe et entretient des systèmes frigorifiques et de climatisation industriels',
  ],
  rail: [
    'fabrique et rénove des bogies et des caisses de matériel roulant',
    'assure la maintenance de trains et de tramways pour les opérateurs de transport',
    'câble et intègre des équipements électriques embarqués sur le matériel ferroviaire',
  ],
  automotive: [
    'fabrique des équipements et des faisceaux électriques pour les constructeurs automobiles',
    'emboutit et assemble des pièces de carrosserie pour les véhicules utilitaires',
    'produit des structures de sièges et des pièces plastiques pour l’automobile',
  ],
  mechanics: [
    'usine des pièces de précision sur machines à commande numérique',
    'conçoit et fabrique des machines spéciales et des outillages',
    'réalise du décolletage et de la mécanique générale pour l’industrie',
    'assure la maintenance et la rénovation de machines industrielles',
  ],
};

export const COMPANY_CLOSINGS: readonly string[] = [
  'Nous accueillons volontiers des classes pour faire découvrir nos ateliers et nos métiers.',
  'Nos équipes présentent chaque année leurs métiers aux collégiens et aux lycéens du territoire.',
  'Nous formons chaque année des apprentis, du CAP au diplôme d’ingénieur.',
  'Nous recrutons régulièrement des jeunes diplômés et des personnes en reconversion.',
  'Nos ateliers sont ouverts aux visites sur rendez-vous, équipements de protection fournis.',
];

export const STREETS: readonly string[] = [
  "rue de l'Industrie",
  'avenue des Forges',
  'rue des Ateliers',
  "boulevard de l'Europe",
  'rue Gustave Eiffel',
  'allée des Métiers',
  'rue Denis Papin',
  'rue de la Fonderie',
  'chemin des Usines',
  'rue Ampère',
  'rue Henri Becquerel',
  'impasse des Tourneurs',
  'rue du Progrès',
  'avenue de la Gare',
  'rue Marcel Paul',
  'rue Louis Blériot',
  'rue des Chaudronniers',
  'avenue Jean Jaurès',
];

export const INDUSTRIAL_ZONES: readonly string[] = [
  'Zone industrielle Nord',
  'Zone industrielle des Grandes Terres',
  "Parc d'activités du Moulin",
  'Zone artisanale des Peupliers',
];

export const FIRST_NAMES_F: readonly string[] = [
  'Camille',
  'Sophie',
  'Nathalie',
  'Isabelle',
  'Julie',
  'Claire',
  'Émilie',
  'Aurélie',
  'Sandrine',
  'Céline',
  'Amandine',
  'Laetitia',
  'Inès',
  'Sarah',
  'Manon',
  'Léa',
  'Chloé',
  'Fatima',
  'Mélanie',
  'Marion',
  'Virginie',
  'Hélène',
  'Pauline',
  'Yasmina',
];

export const FIRST_NAMES_M: readonly string[] = [
  'Julien',
  'Nicolas',
  'Thomas',
  'Sébastien',
  'Mathieu',
  'Guillaume',
  'Pierre',
  'Antoine',
  'Romain',
  'Kévin',
  'Olivier',
  'Stéphane',
  'Karim',
  'Mehdi',
  'Florian',
  'Jérôme',
  'Laurent',
  'Benoît',
  'Hugo',
  'Lucas',
  'Franck',
  'Yannick',
  'David',
  'Alexandre',
];

export const LAST_NAMES: readonly string[] = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefebvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'Girard',
  'André',
  'Mercier',
  'Dupont',
  'Lambert',
  'Bonnet',
  'François',
  'Martinez',
  'Legrand',
  'Garnier',
  'Faure',
  'Rousseau',
  'Blanc',
  'Guérin',
  'Muller',
  'Henry',
  'Roussel',
  'Nicolas',
  'Perrin',
  'Morin',
  'Mathieu',
  'Clément',
  'Gauthier',
  'Dumont',
  'Lopez',
  'Fontaine',
  'Chevalier',
  'Robin',
  'Masson',
  'Benali',
  'Haddad',
  'Nguyen',
  'Le Goff',
  'Payet',
  'Hoarau',
  'Grondin',
  'Técher',
];

export const SPEAKER_ROLES: readonly string[] = [
  'Responsable RH',
  'Responsable recrutement et alternance',
  'Responsable de production',
  "Responsable d'atelier",
  'Responsable maintenance',
  'Responsable QHSE',
  'Directeur de site',
  'Directrice de site',
  'Ingénieur méthodes',
  'Ingénieure qualité',
  'Tuteur des apprentis',
  'Tutrice des apprentis',
  'Chargée de relations écoles',
];

export const RECRUITER_TITLES: readonly string[] = [
  'Responsable des ressources humaines',
  'Chargé·e de recrutement',
  'Directeur·rice de site',
  'Assistant·e RH',
  'Gérant·e',
];

export interface DemoEstablishment {
  name: string;
  type: string;
  department: string;
  commune: string;
  street: string;
}

export const DEMO_ESTABLISHMENTS: readonly DemoEstablishment[] = [
  {
    name: 'Collège Louise Michel',
    type: 'Collège',
    department: '69',
    commune: 'Vénissieux',
    street: '14 rue Paul Bert',
  },
  {
    name: 'Lycée professionnel Joseph-Marie Jacquard',
    type: 'Lycée professionnel',
    department: '69',
    commune: 'Villeurbanne',
    street: '30 rue des Canuts',
  },
  {
    name: 'Mission locale Rhône Sud',
    type: 'Mission locale',
    department: '69',
    commune: 'Givors',
    street: '5 place de la Liberté',
  },
  {
    name: 'Lycée général et technologique Irène Joliot-Curie',
    type: 'Lycée général et technologique',
    department: '69',
    commune: 'Saint-Priest',
    street: '2 avenue des Sciences',
  },
  {
    name: 'Collège Aimé Césaire',
    type: 'Collège',
    department: '38',
    commune: 'Échirolles',
    street: '8 rue de la République',
  },
  {
    name: 'Lycée professionnel Ferdinand Buisson',
    type: 'Lycée professionnel',
    department: '38',
    commune: 'Voiron',
    street: '21 boulevard Denfert-Rochereau',
  },
  {
    name: 'Agence France Travail Grenoble Presqu’île',
    type: 'Agence France Travail',
    department: '38',
    commune: 'Grenoble',
    street: '3 rue Félix Esclangon',
  },
  {
    name: 'Collège Pierre de Fermat',
    type: 'Collège',
    department: '31',
    commune: 'Toulouse',
    street: '17 rue des Récollets',
  },
  {
    name: 'Lycée professionnel Clément Ader',
    type: 'Lycée professionnel',
    department: '31',
    commune: 'Colomiers',
    street: '40 allée du Comminges',
  },
  {
    name: 'Mission locale Garonne Sud',
    type: 'Mission locale',
    department: '31',
    commune: 'Muret',
    street: '9 avenue Jacques Douzans',
  },
  {
    name: 'Collège Jules Verne',
    type: 'Collège',
    department: '44',
    commune: 'Nantes',
    street: '25 rue de Coulmiers',
  },
  {
    name: "Lycée professionnel de l'Estuaire",
    type: 'Lycée professionnel',
    department: '44',
    commune: 'Saint-Nazaire',
    street: '12 boulevard de la Légion d’Honneur',
  },
  {
    name: 'Agence France Travail Saint-Nazaire',
    type: 'Agence France Travail',
    department: '44',
    commune: 'Saint-Nazaire',
    street: '6 rue Albert de Mun',
  },
  {
    name: 'Collège Bois de Nèfles',
    type: 'Collège',
    department: '974',
    commune: 'Saint-André',
    street: '18 chemin Lagourgue',
  },
  {
    name: 'Lycée professionnel de la Pointe des Galets',
    type: 'Lycée professionnel',
    department: '974',
    commune: 'Le Port',
    street: '4 avenue du Quatorzième Bataillon',
  },
  {
    name: 'Mission locale Sud',
    type: 'Mission locale',
    department: '974',
    commune: 'Saint-Pierre',
    street: '11 rue François de Mahy',
  },
];

/** The demo's companies (all invented) and the words of their pages and their people. */
import type { Sector } from '../../../common/constants.ts';

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
    commune: 'Saint-Martin-d’Hères',
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
    name: 'Équipements Ferroviaires d’Occitanie',
    sector: 'rail',
    department: '31',
    commune: 'Portet-sur-Garonne',
  },
  { name: 'Énergies Nouvelles de Balma', sector: 'energyEquipment', department: '31', commune: 'Balma' },
  { name: 'Faisceaux Auto de Muret', sector: 'automotive', department: '31', commune: 'Muret' },
  { name: 'Traitements de Surface Colomiers', sector: 'metallurgy', department: '31', commune: 'Colomiers' },
  { name: 'Composites du Touch', sector: 'aerospace', department: '31', commune: 'Tournefeuille' },
  { name: 'Automatismes Occitans', sector: 'electricalDigital', department: '31', commune: 'Labège' },

  { name: 'Chantiers de l’Estuaire', sector: 'naval', department: '44', commune: 'Saint-Nazaire' },
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
  { name: 'Énergies Marines de l’Estuaire', sector: 'energyEquipment', department: '44', commune: 'Trignac' },
  { name: 'Électronique de l’Erdre', sector: 'electricalDigital', department: '44', commune: 'Carquefou' },
  { name: 'Matériel Roulant Nantais', sector: 'rail', department: '44', commune: 'Rezé' },
  {
    name: 'Sièges et Structures d’Ancenis',
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
    name: 'Électrotechnique de l’Est',
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
  name: 'Métallerie des Monts d’Or',
  sector: 'metallurgy',
  department: '69',
  commune: 'Rillieux-la-Pape',
};

export const COMPANY_CLOSINGS: readonly string[] = [
  'Nous accueillons volontiers des classes pour faire découvrir nos ateliers et nos métiers.',
  'Nos équipes présentent chaque année leurs métiers aux collégiens et aux lycéens du territoire.',
  'Nous formons chaque année des apprentis, du CAP au diplôme d’ingénieur.',
  'Nous recrutons régulièrement des jeunes diplômés et des personnes en reconversion.',
  'Nos ateliers sont ouverts aux visites sur rendez-vous, équipements de protection fournis.',
];

export const SPEAKER_ROLES: readonly string[] = [
  'Responsable RH',
  'Responsable recrutement et alternance',
  'Responsable de production',
  'Responsable d’atelier',
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

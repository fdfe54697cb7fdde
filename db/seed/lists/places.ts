/** Where the demo takes place: its departments and their communes, and the streets of its addresses. */

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
      { name: 'Saint-Martin-d’Hères', postcode: '38400', lat: 45.1672, lng: 5.7653 },
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

export const STREETS: readonly string[] = [
  'rue de l’Industrie',
  'avenue des Forges',
  'rue des Ateliers',
  'boulevard de l’Europe',
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
  'Parc d’activités du Moulin',
  'Zone artisanale des Peupliers',
];

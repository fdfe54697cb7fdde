/** The demo's schools and employment agencies, where its teachers work. */

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
    name: 'Lycée professionnel de l’Estuaire',
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

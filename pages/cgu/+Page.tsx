const SECTIONS: { title: string; paragraphs: string[] }[] = [
  {
    title: 'Objet',
    paragraphs: [
      'Passerelle Industrie met en relation des entreprises industrielles avec des enseignants, des prescripteurs et des partenaires de l’emploi et de l’insertion, pour organiser des visites d’entreprise, des interventions en classe et des webinaires.',
      'Les présentes conditions régissent l’utilisation de la plateforme par toute personne qui la consulte ou y crée un compte.',
    ],
  },
  {
    title: 'Comptes',
    paragraphs: [
      'Les enseignants créent leur compte eux-mêmes. Les comptes des entreprises sont activés après la validation de l’entreprise par l’équipe de la plateforme.',
      'Chaque utilisateur garde ses identifiants confidentiels et signale sans délai toute utilisation qu’il n’a pas autorisée.',
    ],
  },
  {
    title: 'Réservations et rencontres',
    paragraphs: [
      'Une réservation engage l’enseignant à venir avec le groupe annoncé et à respecter la charte de bonne conduite. En cas d’empêchement, il annule la rencontre sur la plateforme et prévient l’entreprise par téléphone.',
      'L’entreprise qui déplace ou supprime un créneau réservé en informe les enseignants par la plateforme.',
    ],
  },
  {
    title: 'Données personnelles',
    paragraphs: [
      'Les données collectées servent uniquement à organiser les rencontres et à envoyer les messages liés au service. Chaque utilisateur peut demander la suppression de son compte depuis son profil ; ses données sont alors anonymisées.',
    ],
  },
  {
    title: 'Responsabilité',
    paragraphs: [
      'La plateforme met en relation les utilisateurs ; l’organisation et le déroulement des rencontres relèvent de l’entreprise et de l’établissement concernés.',
    ],
  },
];

export default function Page() {
  return (
    <div className="page flex max-w-3xl flex-col gap-6">
      <h1>Conditions générales d’utilisation</h1>
      {SECTIONS.map((section) => (
        <section key={section.title} className="prose-block flex flex-col gap-2">
          <h2>{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </div>
  );
}

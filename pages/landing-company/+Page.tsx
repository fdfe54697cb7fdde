import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Espace entreprise">
      {
        "Publiez vos créneaux de visite, d'intervention en classe ou de webinaire et rencontrez les enseignants de votre territoire. L'inscription et la connexion des entreprises arrivent avec l'espace entreprise."
      }
    </PlannedScreen>
  );
}

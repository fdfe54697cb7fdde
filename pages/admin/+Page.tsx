import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Administration">
      {'La validation des entreprises, les départements et les statistiques de la plateforme.'}
    </PlannedScreen>
  );
}

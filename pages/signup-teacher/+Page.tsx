import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Inscription enseignant">
      {
        "L'inscription se fait en 4 étapes : département, informations personnelles, établissement, conditions d'utilisation."
      }
    </PlannedScreen>
  );
}

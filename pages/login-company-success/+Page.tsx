import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Connexion entreprise">
      {"Cette page confirme la connexion d'une entreprise."}
    </PlannedScreen>
  );
}

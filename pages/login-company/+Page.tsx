import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Connexion entreprise">
      {'La connexion des entreprises se fait avec les identifiants du site de recrutement partenaire.'}
    </PlannedScreen>
  );
}

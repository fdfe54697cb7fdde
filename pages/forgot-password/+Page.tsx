import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Mot de passe oublié">
      {'Recevez par email un lien pour choisir un nouveau mot de passe.'}
    </PlannedScreen>
  );
}

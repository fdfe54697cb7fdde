import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Connexion enseignant">
      {'Connectez-vous avec votre adresse email et votre mot de passe pour réserver des créneaux.'}
    </PlannedScreen>
  );
}

import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Nouveau mot de passe">
      {'Choisissez un nouveau mot de passe à partir du lien reçu par email.'}
    </PlannedScreen>
  );
}

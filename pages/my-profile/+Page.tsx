import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Mon profil">
      {'Vos informations personnelles, votre établissement et vos préférences.'}
    </PlannedScreen>
  );
}

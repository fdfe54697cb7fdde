import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Mon entreprise">
      {'Les informations de votre entreprise, bloc par bloc.'}
    </PlannedScreen>
  );
}

import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Nous contacter">{"Écrivez à l'équipe de Passerelle Industrie."}</PlannedScreen>
  );
}

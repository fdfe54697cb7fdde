import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Chercher une entreprise">
      {'Cherchez les entreprises industrielles près de chez vous, en liste ou sur une carte.'}
    </PlannedScreen>
  );
}

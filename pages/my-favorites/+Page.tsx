import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Mes favoris">{'Les entreprises que vous avez mises en favori.'}</PlannedScreen>
  );
}

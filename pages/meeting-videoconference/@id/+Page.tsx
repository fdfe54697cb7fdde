import { PlannedScreen } from '../../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Visioconférence">{'La salle de visioconférence de la rencontre.'}</PlannedScreen>
  );
}

import { PlannedScreen } from '../../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Nouveau créneau">
      {"Publiez un créneau de visite, d'intervention ou de webinaire."}
    </PlannedScreen>
  );
}

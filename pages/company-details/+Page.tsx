import { PlannedScreen } from '../layout/PlannedScreen.tsx';

export default function Page() {
  return (
    <PlannedScreen title="Fiche entreprise">
      {"La fiche d'une entreprise : présentation, métiers, offres, actualités et créneaux."}
    </PlannedScreen>
  );
}

import { useData } from 'vike-react/useData';
import { Island } from '../../../islands/Island.tsx';
import { TransportRequests } from '../../../islands/transport/TransportRequests.tsx';
import { AdminNav } from '../AdminNav.tsx';
import { Notice } from '../parts.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { pending, others, plain, notice } = useData<Data>();
  return (
    <div className="page flex max-w-4xl flex-col gap-6">
      <h1>Aide au transport</h1>
      <AdminNav current="/admin/transport" />
      <p>
        Les enseignants demandent une aide au transport pour leurs visites d’entreprise confirmées. Acceptez
        ou refusez chaque demande avec un message : l’enseignant le reçoit par e-mail et le voit sur son
        rendez-vous. Une demande se ferme d’elle-même si le rendez-vous est annulé.
      </p>
      <p>
        <a className="link" href="/exports/transport.csv" download>
          Exporter les demandes (CSV)
        </a>
      </p>
      <Notice>{notice}</Notice>
      <Island name="TransportRequests" component={TransportRequests} props={{ pending, others, plain }} />
    </div>
  );
}

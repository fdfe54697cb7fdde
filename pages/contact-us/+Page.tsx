import { useData } from 'vike-react/useData';
import { ContactForm } from '../../islands/contact/ContactForm.tsx';
import { Island } from '../../islands/Island.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { sender, sent, posted } = useData<Data>();
  return (
    <div className="page flex max-w-3xl flex-col gap-6">
      <h1>Nous contacter</h1>
      <p>
        Une question sur votre compte, une réservation, une entreprise ou un problème sur le site ? Écrivez à
        l’équipe de Passerelle Industrie de votre région : elle vous répondra par e-mail.
      </p>
      <Island name="ContactForm" component={ContactForm} props={{ sender, sent, posted }} />
    </div>
  );
}

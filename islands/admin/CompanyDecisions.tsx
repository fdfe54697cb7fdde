import { useState } from 'react';
import type { CompanyStatus } from '../../common/constants.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { Toaster } from '../ui/Toast.tsx';
import { type Decision, decide } from './decisions.ts';
import { RefusalDialog } from './RefusalDialog.tsx';

interface Confirmable {
  decision: Exclude<Decision, 'RefuseCompany'>;
  button: string;
  title: (name: string) => string;
  consequence: string;
  confirm: string;
}

const CONFIRMABLE: Record<Confirmable['decision'], Confirmable> = {
  ValidateCompany: {
    decision: 'ValidateCompany',
    button: 'Valider',
    title: (name) => `Valider ${name} ?`,
    consequence:
      'L’entreprise pourra se connecter et publier des créneaux. Ses recruteurs recevront un e-mail avec un lien de connexion.',
    confirm: 'Valider l’entreprise',
  },
  ArchiveCompany: {
    decision: 'ArchiveCompany',
    button: 'Archiver',
    title: (name) => `Archiver ${name} ?`,
    consequence:
      'L’entreprise ne pourra plus se connecter et n’apparaîtra plus aux enseignants. Ses créneaux à venir seront supprimés et les enseignants qui les avaient réservés seront prévenus par e-mail.',
    confirm: 'Archiver l’entreprise',
  },
  RestoreCompany: {
    decision: 'RestoreCompany',
    button: 'Restaurer',
    title: (name) => `Restaurer ${name} ?`,
    consequence:
      'L’entreprise redevient validée : elle pourra se connecter et publier de nouveaux créneaux. Ses créneaux supprimés à l’archivage ne reviennent pas. Ses recruteurs seront prévenus par e-mail.',
    confirm: 'Restaurer l’entreprise',
  },
};

/** What an operator may decide from each status (PRODUCT.md, Administration). */
const DECISIONS: Record<CompanyStatus, Decision[]> = {
  pending: ['ValidateCompany', 'RefuseCompany'],
  validated: ['ArchiveCompany'],
  archived: ['RestoreCompany'],
  refused: [],
};

/** The page's address once a decision is made: the page says it (pages/admin/companies/@id). */
export const DECIDED_PARAM = 'decision';

/**
 * A company's decisions on its back-office page, each after a dialog that says what it will change. Once
 * done (or found done by another operator), the page loads again from the server, its status, lists and
 * history with it, and says what was decided.
 */
export function CompanyDecisions({ id, name, status }: { id: string; name: string; status: CompanyStatus }) {
  const [asking, setAsking] = useState<Decision | null>(null);
  const [busy, setBusy] = useState(false);
  const decisions = DECISIONS[status];
  if (decisions.length === 0) return null;

  async function run(decision: Decision, reason?: string) {
    setBusy(true);
    const outcome = await decide(decision, reason ? { id, reason } : { id });
    if (outcome === 'failed') return setBusy(false);
    window.location.assign(
      `${window.location.pathname}?${DECIDED_PARAM}=${outcome === 'done' ? decision : 'gone'}`,
    );
  }

  const confirmable = asking && asking !== 'RefuseCompany' ? CONFIRMABLE[asking] : null;
  return (
    <div className="flex flex-wrap gap-3">
      {decisions.map((decision) =>
        decision === 'RefuseCompany' ? (
          <Button
            key={decision}
            color="error"
            variant="outline"
            disabled={busy}
            onClick={() => setAsking(decision)}
          >
            Refuser
          </Button>
        ) : (
          <Button
            key={decision}
            color={decision === 'ArchiveCompany' ? 'black' : 'green'}
            variant={decision === 'ArchiveCompany' ? 'outline' : undefined}
            disabled={busy}
            onClick={() => setAsking(decision)}
          >
            {CONFIRMABLE[decision].button}
          </Button>
        ),
      )}
      <Dialog
        open={confirmable !== null}
        onClose={() => setAsking(null)}
        title={confirmable ? confirmable.title(name) : ''}
        actions={
          confirmable && (
            <>
              <Button variant="outline" color="black" onClick={() => setAsking(null)}>
                Annuler
              </Button>
              <Button
                color={confirmable.decision === 'ArchiveCompany' ? 'black' : 'green'}
                loading={busy}
                onClick={() => run(confirmable.decision)}
              >
                {confirmable.confirm}
              </Button>
            </>
          )
        }
      >
        <p>{confirmable?.consequence}</p>
      </Dialog>
      <RefusalDialog
        key={asking === 'RefuseCompany' ? 'open' : 'closed'}
        company={asking === 'RefuseCompany' ? { id, name } : null}
        busy={busy}
        onClose={() => setAsking(null)}
        onConfirm={(_company, reason) => run('RefuseCompany', reason)}
      />
      <Toaster />
    </div>
  );
}

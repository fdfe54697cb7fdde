import { useState } from 'react';
import type { CompanyStatus } from '../../common/constants.ts';
import { FormAlert } from '../accounts/FormAlert.tsx';
import { Button } from '../ui/Button.tsx';
import { ConfirmStep } from '../ui/ConfirmStep.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { PostButton } from '../ui/PostButton.tsx';
import { Toaster } from '../ui/Toast.tsx';
import { type Decision, decide } from './decisions.ts';
import type { PlainPost } from './plain-post.ts';
import { REFUSE_INTENT, RefusalDialog, RefusalStep } from './RefusalDialog.tsx';

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

/** The status section of the page, where a decision's step and the page's answer open. */
const STATUS_ANCHOR = '#company-status';

const colorOf = (decision: Confirmable['decision']) => (decision === 'ArchiveCompany' ? 'black' : 'green');

/**
 * A company's decisions on its back-office page, each after a dialog that says what it will change. Once
 * done (or found done by another operator), the page loads again from the server, its status, lists and
 * history with it, and says what was decided. Before the script runs (or without it) the buttons post a
 * plain form to the page, which answers with the dialog's question as a step in place (`plain`,
 * pages/admin/companies/@id/+data.ts).
 */
export function CompanyDecisions({
  id,
  name,
  status,
  plain = null,
}: {
  id: string;
  name: string;
  status: CompanyStatus;
  plain?: PlainPost | null;
}) {
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

  const step = plain && decisions.includes(plain.intent as Decision) ? plain : null;
  if (step) return <DecisionStep id={id} name={name} decision={step.intent as Decision} plain={step} />;

  const confirmable = asking && asking !== REFUSE_INTENT ? CONFIRMABLE[asking] : null;
  return (
    <>
      <div className="flex flex-wrap gap-3">
        {decisions.map((decision) => (
          <PostButton
            key={decision}
            action={STATUS_ANCHOR}
            fields={{ intent: decision, id }}
            color={decision === REFUSE_INTENT ? 'error' : colorOf(decision)}
            variant={decision === REFUSE_INTENT || decision === 'ArchiveCompany' ? 'outline' : undefined}
            disabled={busy}
            onPress={() => setAsking(decision)}
          >
            {decision === REFUSE_INTENT ? 'Refuser' : CONFIRMABLE[decision].button}
          </PostButton>
        ))}
      </div>
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
                color={colorOf(confirmable.decision)}
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
        key={asking === REFUSE_INTENT ? 'open' : 'closed'}
        company={asking === REFUSE_INTENT ? { id, name } : null}
        busy={busy}
        onClose={() => setAsking(null)}
        onConfirm={(_company, reason) => run(REFUSE_INTENT, reason)}
      />
      <Toaster />
    </>
  );
}

/** The dialog's question as the page asks it without JavaScript, with what it refused, if anything. */
function DecisionStep({
  id,
  name,
  decision,
  plain,
}: {
  id: string;
  name: string;
  decision: Decision;
  plain: PlainPost;
}) {
  if (decision === REFUSE_INTENT) {
    return <RefusalStep company={{ id, name }} plain={plain} action={STATUS_ANCHOR} />;
  }
  const words = CONFIRMABLE[decision];
  return (
    <ConfirmStep
      title={words.title(name)}
      confirmLabel={words.confirm}
      color={colorOf(decision)}
      cancelHref={plain.pageUrl}
      action={STATUS_ANCHOR}
      fields={{ intent: decision, id }}
    >
      {plain.alert && <FormAlert message={plain.alert} />}
      <p>{words.consequence}</p>
    </ConfirmStep>
  );
}

import { schoolYearLabel } from '../../common/classes.ts';
import { ROUTES } from '../../common/routes.ts';
import { DetailsSection } from '../../islands/meetings/MeetingDetailsParts.tsx';
import { Button } from '../../islands/ui/Button.tsx';
import { SelectField } from '../admin/parts.tsx';
import type { FormRefusal } from '../layout/form-post.ts';
import { FormMessage } from './parts.tsx';

/** What a meeting's details page offers its teacher to file the meeting (meeting-group-data.ts). */
export interface MeetingGroupChoice {
  meetingId: number;
  schoolYear: string;
  current: { id: number; name: string } | null;
  groups: { id: number; name: string }[];
  refusal: FormRefusal | null;
}

/** The meeting's group on its teacher's details page: which one, and a plain form to change it. */
export function MeetingGroupSection({ choice }: { choice: MeetingGroupChoice }) {
  const { current, groups, refusal } = choice;
  const year = schoolYearLabel(choice.schoolYear);
  return (
    <DetailsSection id="groupe" title="Groupe">
      <p>
        {current ? (
          <>
            Rendez-vous rattaché au groupe{' '}
            <a className="link font-semibold" href={ROUTES.myGroup(current.id)}>
              {current.name}
            </a>
            .
          </>
        ) : (
          'Ce rendez-vous n’est rattaché à aucun de vos groupes.'
        )}
      </p>
      {groups.length === 0 && !current ? (
        <p>
          Vous n’avez pas de groupe pour l’année scolaire {year}.{' '}
          <a className="link font-semibold" href={`${ROUTES.myGroups}#nouveau-groupe`}>
            Créer un groupe
          </a>
        </p>
      ) : (
        <form
          method="post"
          action={`${ROUTES.meetingDetailsTeacher}?id=${choice.meetingId}#groupe`}
          noValidate
          className="flex max-w-xl flex-col gap-3"
        >
          <input type="hidden" name="intent" value="assignGroup" />
          <FormMessage message={refusal?.alert} />
          <SelectField
            label="Groupe du rendez-vous"
            name="groupId"
            hint={`Vos groupes de l’année scolaire ${year}.`}
            value={refusal?.values.groupId ?? (current ? String(current.id) : '')}
            error={refusal?.errors.groupId}
            empty="Aucun groupe"
            choices={groups.map((group) => ({ value: String(group.id), label: group.name }))}
          />
          <div>
            <Button type="submit" variant="outline">
              Enregistrer le groupe
            </Button>
          </div>
        </form>
      )}
    </DetailsSection>
  );
}

import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from '../accounts/FormAlert.tsx';
import { Button } from '../ui/Button.tsx';
import { ConfirmStep } from '../ui/ConfirmStep.tsx';
import { PostButton } from '../ui/PostButton.tsx';
import type { PlainPost } from './plain-post.ts';

/** The content screen's address: its plain forms post there, and its editors open there. */
export const CONTENT_PATH = '/admin/content';

/**
 * A button of the content screen that opens an editor: hydrated, in place or in a dialog (`onOpen`);
 * before that, a GET form asking the page for it (`?question=…`, `?article=…`), which opens it in place
 * as a plain form (docs/decisions/0089).
 */
export function OpenEditorForm({
  name,
  value,
  anchor,
  onOpen,
  children,
}: {
  name: string;
  value: string;
  /** The editor's id, where the page opens. */
  anchor: string;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <form
      method="get"
      action={`${CONTENT_PATH}#${anchor}`}
      onSubmit={(event) => {
        event.preventDefault();
        onOpen();
      }}
    >
      <input type="hidden" name={name} value={value} />
      {children}
    </form>
  );
}

/**
 * An editor's form (an FAQ entry, an article): posted to the page as a plain form (`intent`, the item's
 * `id`) until the island hydrates, then sent through the API by `onSubmit`. Its alert comes first.
 */
export function EditorForm({
  id,
  anchor,
  intent,
  itemId,
  alert,
  onSubmit,
  children,
}: {
  /** The form's id, for a submit button outside it (the dialog's). */
  id?: string;
  anchor: string;
  intent: string;
  itemId: string | null;
  alert: string | null;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form
      id={id}
      method="post"
      action={`${CONTENT_PATH}#${anchor}`}
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="intent" value={intent} />
      {itemId !== null && <input type="hidden" name="id" value={itemId} />}
      <FormAlert message={alert} />
      {children}
    </form>
  );
}

/**
 * An item's « Modifier » and « Supprimer » on the content screen (then what else it offers, `children`):
 * plain forms until hydrated (`OpenEditorForm`, `PostButton`). Once its deletion was posted without
 * JavaScript (`asked`), the page's step asking it instead, with what the dialog says (`what`). « Modifier »
 * carries `data-edit`, where the focus goes back after the editor (useContentList).
 */
export function ItemActions({
  param,
  id,
  named,
  editorId,
  deleteIntent,
  asked,
  step,
  disabled = false,
  onEdit,
  onDelete,
  children,
}: {
  /** The page's parameter that opens its editor (`question`, `article`), and the item's anchor. */
  param: string;
  id: string;
  /** The item, as the buttons name it to a screen reader: « la question « … » ». */
  named: string;
  editorId: string;
  deleteIntent: string;
  asked: PlainPost | null;
  step: { title: string; confirm: string; level: 4 | 5; what: ReactNode };
  disabled?: boolean;
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  const anchor = `#${param}-${id}`;
  if (asked) {
    return (
      <ConfirmStep
        title={step.title}
        level={step.level}
        confirmLabel={step.confirm}
        cancelHref={asked.pageUrl}
        action={anchor}
        fields={{ intent: deleteIntent, id }}
      >
        {step.what}
      </ConfirmStep>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <OpenEditorForm name={param} value={id} anchor={editorId} onOpen={onEdit}>
        <Button type="submit" size="m" variant="outline" data-edit={id} disabled={disabled}>
          Modifier<span className="sr-only"> {named}</span>
        </Button>
      </OpenEditorForm>
      <PostButton
        action={anchor}
        fields={{ intent: deleteIntent, id }}
        size="m"
        variant="outline"
        color="error"
        disabled={disabled}
        onPress={onDelete}
      >
        Supprimer<span className="sr-only"> {named}</span>
      </PostButton>
      {children}
    </div>
  );
}

/**
 * « Annuler » of an editor: for one the page opened, a link back to the page until the island hydrates
 * (`inPlace`); for one a button opened, a button. Either way, hydrated, it closes the editor.
 */
export function CancelEditor({
  inPlace,
  disabled,
  onCancel,
}: {
  inPlace: boolean;
  disabled: boolean;
  onCancel: () => void;
}) {
  if (!inPlace) {
    return (
      <Button variant="outline" color="black" onClick={onCancel} disabled={disabled}>
        Annuler
      </Button>
    );
  }
  return (
    <Button
      href={CONTENT_PATH}
      variant="outline"
      color="black"
      disabled={disabled}
      onClick={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      Annuler
    </Button>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { MESSAGES } from '../../common/messages.ts';
import { retryMessage } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { toast } from '../ui/toast-store.ts';

/** What the editor of one item holds while it is open. */
export interface Editing<V> {
  /**
   * One per opening of the editor, which keeps what is typed for as long as it is open. 0: opened by the
   * page (`?question=`, `?article=`, or a refused plain post), where it stands in place as a plain form.
   */
  session: number;
  /** Null for a new item. */
  id: string | null;
  values: V;
  /** What the page refused of its plain post: the messages under the fields, or one for the form. */
  posted?: { errors: Record<string, string>; alert: string | null };
}

/** The editor the page opened, in place: a plain form posted to the page until the island hydrates. */
export const OPENED_BY_PAGE = 0;

/**
 * The content screen's lists (articles, FAQ): the items, the one being edited, the one being deleted after
 * its confirmation, and where the focus goes after each (the item's « Modifier » button, marked
 * `data-edit`, or the list's heading). An item another administrator deleted meanwhile leaves the
 * list, and its editor can write it anew.
 */
export function useContentList<T extends { id: string }, V, L extends HTMLElement>(
  initial: T[],
  remover: { mutation: string; operationName: string; deleted: string; alreadyDeleted: string },
  opened: Editing<V> | null = null,
) {
  const [items, setItems] = useState(initial);
  const [editing, setEditing] = useState<Editing<V> | null>(opened);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const sessions = useRef(0);
  const listRef = useRef<L>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (!focusAfter) return;
    const target =
      focusAfter === 'heading'
        ? headingRef.current
        : listRef.current?.querySelector<HTMLElement>(`[data-edit="${focusAfter}"]`);
    target?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const edit = (id: string | null, values: V) => setEditing({ session: ++sessions.current, id, values });

  /** Saved: the editor closes, and the focus goes back to the item. */
  function closeOn(id: string) {
    setEditing(null);
    setFocusAfter(id);
  }

  function gone(id: string) {
    setItems((list) => list.filter((item) => item.id !== id));
    setEditing((current) => (current && current.id === id ? { ...current, id: null } : current));
  }

  async function remove(item: T) {
    setDeletePending(true);
    try {
      await gqlRequest(remover.mutation, { id: item.id }, remover.operationName);
      toast.success(remover.deleted);
    } catch (error) {
      if (!(error instanceof GraphQLRequestError && error.code === 'NOT_FOUND')) {
        toast.danger(error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError);
        return;
      }
      toast.warning(remover.alreadyDeleted);
    } finally {
      setDeletePending(false);
    }
    setItems((list) => list.filter((other) => other.id !== item.id));
    setDeleting(null);
    setFocusAfter('heading');
  }

  return {
    items,
    setItems,
    editing,
    setEditing,
    edit,
    closeOn,
    setFocusAfter,
    deleting,
    setDeleting,
    deletePending,
    gone,
    remove,
    listRef,
    headingRef,
    headingId,
  };
}

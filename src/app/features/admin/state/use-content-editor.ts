import { useEffect, useState } from 'react';
import { ApiError } from '../../../../common/api-error';
import type { ContentKind } from '../../../../common/content-schemas';
import type { ContentItem } from '../api/content/content-item';
import { getDraft } from '../api/content/get-draft';
import { listContent } from '../api/content/list-content';
import type { PublishingState } from '../api/content/publishing-types';
import { fieldErrors, formValuesOf, type FormValues } from './content-rules';

export type Loaded = { status: 'loading' } | { status: 'missing' } | { status: 'error'; message: string } | { status: 'ready' };

/** A refused save: `current` is the item as the server has it now (null: deleted). */
export interface Conflict {
  current: ContentItem | null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'That did not work. Please try again.');

/** The server's copy of one item, fetched afresh (after a conflict, to show the other version). */
async function fetchCurrent(kind: ContentKind, id: string): Promise<ContentItem | null> {
  const { items } = await listContent(kind);
  return items.find((item) => item.id === id) ?? null;
}

/**
 * The state of the edit form: the item it started from (its version is what a save names),
 * the text of every field, which messages show, and a refused save.
 */
export function useContentEditor(kind: ContentKind, id: string) {
  const isNew = id === 'new';
  const [loaded, setLoaded] = useState<Loaded>(isNew ? { status: 'ready' } : { status: 'loading' });
  const [item, setItem] = useState<ContentItem | null>(null);
  const [values, setValues] = useState<FormValues>(() => formValuesOf(kind, null));
  const [shown, setShown] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  /** The item's draft state as loaded with it, and the texts the form started from. */
  const [opened, setOpened] = useState<{ state: PublishingState; values: FormValues } | null>(null);

  useEffect(() => {
    if (isNew) return;
    let active = true;
    Promise.all([fetchCurrent(kind, id), getDraft(kind, id).catch(() => null)])
      .then(([found, state]) => {
        if (!active) return;
        // A new item never published exists as its draft alone.
        if (!found && !state?.draft) return setLoaded({ status: 'missing' });
        // The form opens on the draft when there is one.
        const start = formValuesOf(kind, state?.draft ? { ...found, ...state.draft.fields } : found);
        setItem(found);
        setValues(start);
        setOpened({ state: state ?? { published: null, draft: null, schedule: null }, values: start });
        setLoaded({ status: 'ready' });
      })
      .catch((error: unknown) => active && setLoaded({ status: 'error', message: messageOf(error) }));
    return () => {
      active = false;
    };
  }, [kind, id, isNew]);

  const errors = { ...fieldErrors(kind, values), ...serverErrors };

  return {
    isNew,
    /** A new item whose first draft is not published yet: nothing of it is on the site. */
    draftOnly: !isNew && loaded.status === 'ready' && item === null,
    loaded,
    opened,
    item,
    values,
    errors,
    shown,
    conflict,
    change(name: string, value: string) {
      setValues((current) => ({ ...current, [name]: value }));
      setServerErrors(({ [name]: _dropped, ...rest }) => rest);
    },
    blur: (name: string) => setShown((current) => ({ ...current, [name]: true })),
    showAll: () => setShown(Object.fromEntries(Object.keys(values).map((name) => [name, true]))),
    /** A save's answer: the item now saved (its new version). */
    saved(next: ContentItem) {
      setItem(next);
      setConflict(null);
    },
    /** A refused save or upload: validation messages by field, or the conflict to show. */
    async refused(error: unknown): Promise<string | null> {
      if (error instanceof ApiError && error.code === 'validation_failed' && Object.keys(error.fields).length > 0) {
        setServerErrors(error.fields);
        setShown(Object.fromEntries(Object.keys(values).map((name) => [name, true])));
        return error.message;
      }
      if (error instanceof ApiError && (error.status === 409 || error.status === 404) && !isNew) {
        setConflict({ current: await fetchCurrent(kind, id).catch(() => null) });
        return null;
      }
      return messageOf(error);
    },
    /** Puts these texts in the form (a draft's, or the published item's after a discard). */
    replaceValues(next: FormValues) {
      setValues(next);
      setServerErrors({});
    },
    /** Reads the published item again (its version moves when a draft is published or restored). */
    async reload() {
      const found = await fetchCurrent(kind, id);
      if (found) setItem(found);
      return found;
    },
    /** The conflict is dealt with (the other person's draft is in the form). */
    clearConflict: () => setConflict(null),
    /** Takes the other person's version into the form (the editor's changes are dropped). */
    loadCurrent() {
      if (!conflict?.current) return;
      setItem(conflict.current);
      setValues(formValuesOf(kind, conflict.current));
      setServerErrors({});
      setConflict(null);
    },
  };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../common/api-error';
import type { ContentDraft, DraftKind, PublishingState } from '../api/content/publishing-types';
import { saveDraft } from '../api/content/save-draft';
import { type FormValues, inputOf } from './content-rules';

/** How long typing must pause before the draft is kept on its own. */
export const AUTOSAVE_MS = 3000;

const same = (a: FormValues, b: FormValues) => Object.keys(a).every((name) => (a[name] ?? '').trim() === (b[name] ?? '').trim());

/**
 * The item's draft beside the form: loaded with the page, saved by Save draft and on its own
 * a few seconds after typing stops (so a closed tab loses nothing), naming its version each time.
 */
export function useDraft(
  kind: DraftKind,
  id: string,
  opened: { state: PublishingState; values: FormValues } | null,
  values: FormValues,
  valid: boolean,
  /** The published version the form opened on: a first draft names it (409 when someone published since). */
  baseVersion?: number,
) {
  const enabled = opened !== null;
  // What this page changed since it opened; until then, what was loaded with the item.
  const [changedState, setChangedState] = useState<PublishingState | null>(null);
  const [changedValues, setSavedValues] = useState<FormValues | null>(null);
  const state = changedState ?? opened?.state ?? null;
  const savedValues = changedValues ?? opened?.values ?? null;
  const setState = useCallback(
    (next: PublishingState | ((current: PublishingState | null) => PublishingState | null)) =>
      setChangedState((current) => (typeof next === 'function' ? next(current ?? opened?.state ?? null) : next)),
    [opened],
  );
  const [saves, setSaves] = useState(0);
  const [conflict, setConflict] = useState(false);
  const [lastSaved, setLastSaved] = useState<string | null>(null);
  const saving = useRef<Promise<ContentDraft | null> | null>(null);

  const dirty = savedValues !== null && !same(values, savedValues);

  const save = useCallback(async (): Promise<ContentDraft | null> => {
    if (saving.current) await saving.current;
    const snapshot = values;
    const run = (async () => {
      try {
        const { draft } = await saveDraft(
          kind,
          id,
          state?.draft?.version ?? 0,
          // The site texts are all text: the form's values are the input.
          kind === 'site-texts' ? snapshot : inputOf(kind, snapshot),
          state?.draft ? undefined : baseVersion,
        );
        setState((current) => ({ published: current?.published ?? null, schedule: current?.schedule ?? null, draft }));
        setSavedValues(snapshot);
        setSaves((count) => count + 1);
        setLastSaved(new Date().toLocaleTimeString(undefined, { timeStyle: 'short' }));
        return draft;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) setConflict(true);
        throw error;
      }
    })();
    saving.current = run;
    try {
      return await run;
    } finally {
      saving.current = null;
    }
  }, [kind, id, state, values, setState, baseVersion]);

  // Autosave: a pause in typing keeps the draft (never over a conflict, never an invalid form).
  useEffect(() => {
    if (!enabled || !dirty || !valid || conflict) return;
    const timer = setTimeout(() => void save().catch(() => undefined), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [enabled, dirty, valid, conflict, save]);

  return {
    state,
    setState,
    dirty,
    saves,
    conflict,
    lastSaved,
    save,
    /** After a conflict: the server's draft state and the texts now in the form; saving resumes. */
    reset(next: PublishingState, texts: FormValues) {
      setChangedState(next);
      setSavedValues(texts);
      setConflict(false);
    },
    /** What the form holds as saved (the draft's or the published texts). */
    settle: (next: FormValues) => setSavedValues(next),
  };
}

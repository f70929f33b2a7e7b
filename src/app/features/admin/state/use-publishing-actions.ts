import { useState } from 'react';
import { cancelSchedule } from '../api/content/cancel-schedule';
import { previewLink } from '../api/content/preview-link';
import type { PublishingKind } from '../api/content/publishing-types';
import { scheduleDraft } from '../api/content/schedule-draft';
import { instantOfLocalInput } from './publishing-rules';
import type { useDraft } from './use-draft';

/**
 * What every edit page of a versioned collection does around its draft: one action at a time
 * (its outcome or problem shown above the form), Preview, Schedule and Cancel schedule.
 * `explain` turns a refused call into the sentence shown (null: the page shows it otherwise).
 */
export function usePublishingActions(
  kind: PublishingKind,
  id: string,
  draft: ReturnType<typeof useDraft>,
  explain: (error: unknown) => Promise<string | null> | string | null,
  initialNotice: string | null = null,
) {
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const [problem, setProblem] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [dueAt, setDueAt] = useState('');

  const act = async (label: string, action: () => Promise<string | null>) => {
    if (busy) return;
    setBusy(label);
    setProblem(null);
    setNotice(null);
    try {
      const message = await action();
      if (message) setNotice(message);
    } catch (error) {
      setProblem(await explain(error));
    } finally {
      setBusy(null);
    }
  };
  /** The draft as the form holds it now (saved first when it differs). */
  const currentDraft = async () => (draft.dirty || !draft.state?.draft ? await draft.save() : draft.state.draft);

  return {
    busy,
    notice,
    setNotice,
    problem,
    setProblem,
    previewUrl,
    closePreview: () => setPreviewUrl(null),
    dueAt,
    setDueAt,
    act,
    currentDraft,
    preview: () =>
      act('Preview', async () => {
        if (draft.dirty) await draft.save();
        setPreviewUrl((await previewLink(kind, id)).url);
        return null;
      }),
    schedule: () =>
      act('Schedule', async () => {
        const instant = instantOfLocalInput(dueAt);
        if (!instant) throw new Error('Enter the date and time to publish at.');
        await currentDraft();
        const scheduled = await scheduleDraft(kind, id, instant);
        draft.setState((current) => (current ? { ...current, schedule: scheduled } : current));
        return `Scheduled: the draft will be published on ${new Date(scheduled.dueAt).toLocaleString()}.`;
      }),
    unschedule: () =>
      act('Cancel schedule', async () => {
        await cancelSchedule(kind, id);
        draft.setState((current) => (current ? { ...current, schedule: null } : current));
        return 'The schedule was cancelled; the draft stays.';
      }),
  };
}

import { IonButton, IonSpinner } from '@ionic/react';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../../../common/api-error';
import { discardDraft } from '../api/content/discard-draft';
import { getDraft } from '../api/content/get-draft';
import { publishDraft } from '../api/content/publish-draft';
import type { PublishingState } from '../api/content/publishing-types';
import { ConsolePage } from '../components/console-page';
import { ContentFormFields } from '../components/content-form-fields';
import { PreviewFrame } from '../components/preview-frame';
import { ScheduleSection } from '../components/schedule-section';
import { RevisionHistory } from '../components/revision-history';
import type { FormValues } from '../state/content-rules';
import { SITE_TEXT_FIELDS, SITE_TEXT_GROUPS, siteTextErrors, siteTextValues } from '../state/site-texts-form';
import { useDraft } from '../state/use-draft';
import { useLeaveGuard } from '../state/use-leave-guard';
import { useOthersChanges } from '../state/use-others-changes';
import { usePublishingActions } from '../state/use-publishing-actions';
import '../content.css';
import '../publishing.css';
import '../site-texts.css';

const KIND = 'site-texts';
const ID = 'site';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'That did not work.');

export default function SiteTextsPage() {
  return (
    <ConsolePage title="Site texts" requires="staff" defaultHref="/admin">
      {() => <SiteTextsEditor />}
    </ConsolePage>
  );
}

/** The site texts: the same draft, Preview, Publish, History, Restore and Schedule as every edit page. */
function SiteTextsEditor() {
  const [opened, setOpened] = useState<{ state: PublishingState; values: FormValues } | { error: string } | null>(null);
  const [values, setValues] = useState<FormValues>({});
  const [shown, setShown] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [showHistory, setShowHistory] = useState(false);
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    getDraft(KIND, ID)
      .then((state) => {
        // A draft saved before a field existed opens with the field's published words.
        const start = siteTextValues(state.draft ? { ...state.published, ...state.draft.fields } : state.published);
        setValues(start);
        setOpened({ state, values: start });
      })
      .catch((error: unknown) => setOpened({ error: messageOf(error) }));
  }, [loads]);

  const errors = { ...siteTextErrors(values), ...serverErrors };
  const valid = Object.keys(errors).length === 0;
  const ready = opened !== null && !('error' in opened) ? opened : null;
  const draft = useDraft(KIND, ID, ready, values, valid);
  const actions = usePublishingActions(KIND, ID, draft, (error) => {
    if (error instanceof ApiError) setServerErrors(error.fields);
    return error instanceof ApiError && error.status === 409
      ? 'Someone else changed the site texts meanwhile: reload the page to see their version.'
      : messageOf(error);
  });
  const { act, busy, notice, problem, currentDraft } = actions;
  useLeaveGuard(draft.dirty);
  const othersChange = useOthersChanges(KIND, ID, ready !== null, draft.state);

  if (!opened)
    return (
      <div className="admin-page__status" role="status">
        <IonSpinner aria-label="Loading the site texts" />
      </div>
    );
  if ('error' in opened) return <p role="alert">{opened.error}</p>;

  const showAll = () => setShown(Object.fromEntries(SITE_TEXT_FIELDS.map((field) => [field.name, true])));

  const save = (event: FormEvent) => {
    event.preventDefault();
    showAll();
    if (!valid) return;
    void act('Save draft', async () => (await draft.save(), 'Draft saved. Visitors still see the published texts until you publish.'));
  };
  const publish = () =>
    act('Publish', async () => {
      showAll();
      if (!valid) return null;
      const saved = await currentDraft();
      if (!saved) return null;
      draft.setState(await publishDraft(KIND, ID, saved.version));
      return 'Published. The site shows the new texts now.';
    });
  const discard = () =>
    act('Discard draft', async () => {
      if (!draft.state?.draft) return null;
      await discardDraft(KIND, ID, draft.state.draft.version);
      const back = siteTextValues(draft.state.published);
      draft.setState({ published: draft.state.published, draft: null, schedule: null });
      setValues(back);
      draft.settle(back);
      return 'The draft was discarded: the form shows the published texts.';
    });

  return (
    <div className="content-admin">
      <h1>Site texts</h1>
      {othersChange && (
        <p className="content-admin__saved" role="status">
          {othersChange}
        </p>
      )}
      {notice && (
        <p className="content-admin__saved" role="status">
          {notice}{' '}
          <a href="/" target="_blank" rel="noopener">
            See it on the site
          </a>
        </p>
      )}
      {problem && (
        <p className="content-admin__problem" role="alert">
          {problem}
        </p>
      )}
      <form className="content-admin__form" onSubmit={save} noValidate aria-label="The site texts">
        {SITE_TEXT_GROUPS.map((group) => (
          <fieldset key={group.title} className="site-texts__group">
            <legend>{group.title}</legend>
            <ContentFormFields
              fields={group.fields}
              values={values}
              errors={errors}
              shown={shown}
              onChange={(name, value) => (setValues((current) => ({ ...current, [name]: value })), setServerErrors({}))}
              onBlur={(name) => setShown((current) => ({ ...current, [name]: true }))}
            />
          </fieldset>
        ))}
        <div className="content-admin__form-buttons">
          <IonButton type="submit" disabled={busy !== null}>
            Save draft
          </IonButton>
          <IonButton onClick={() => void publish()} disabled={busy !== null}>
            Publish
          </IonButton>
          <IonButton fill="outline" onClick={() => void actions.preview()} disabled={busy !== null}>
            Preview
          </IonButton>
          <IonButton fill="outline" onClick={() => setShowHistory((on) => !on)} aria-expanded={showHistory}>
            History
          </IonButton>
          {draft.state?.draft && (
            <IonButton fill="outline" color="danger" onClick={() => void discard()} disabled={busy !== null}>
              Discard draft
            </IonButton>
          )}
        </div>
      </form>
      <p className="publishing-status" role="status">
        {draft.state?.draft
          ? `Unpublished changes: a draft${draft.state.draft.updatedBy ? ` by ${draft.state.draft.updatedBy}` : ''}${draft.lastSaved ? `, last kept at ${draft.lastSaved}` : ''}.`
          : 'No draft: the form shows the published texts.'}
      </p>
      <ScheduleSection
        schedule={draft.state?.schedule ?? null}
        dueAt={actions.dueAt}
        onDueAt={actions.setDueAt}
        onSchedule={() => void actions.schedule()}
        onUnschedule={() => void actions.unschedule()}
        busy={busy !== null}
      />
      {actions.previewUrl && <PreviewFrame url={actions.previewUrl} refresh={draft.saves} onClose={actions.closePreview} />}
      {showHistory && (
        <RevisionHistory
          kind={KIND}
          id={ID}
          fields={SITE_TEXT_FIELDS}
          onRestored={() => {
            // The form follows the restored texts unless it holds a draft.
            if (!draft.state?.draft) setLoads((count) => count + 1);
          }}
        />
      )}
    </div>
  );
}

import { IonButton, IonSpinner, useIonRouter } from '@ionic/react';
import { useAlert } from '../../../lib/use-alert';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { isImageKind } from '../../../../common/content-images';
import type { ContentKind } from '../../../../common/content-schemas';
import { createDraftItem } from '../api/content/create-draft-item';
import { discardDraft } from '../api/content/discard-draft';
import { publishDraft } from '../api/content/publish-draft';
import { PreviewFrame } from '../components/preview-frame';
import { ScheduleSection } from '../components/schedule-section';
import { RevisionHistory } from '../components/revision-history';
import { useDraft } from '../state/use-draft';
import { useOthersChanges } from '../state/use-others-changes';
import { getDraft } from '../api/content/get-draft';
import '../publishing.css';
import { removeContentImage } from '../api/content/remove-content-image';
import { uploadContentImage } from '../api/content/upload-content-image';
import { ConsolePage } from '../components/console-page';
import { ContentConflict } from '../components/content-conflict';
import { ContentFormFields } from '../components/content-form-fields';
import { ContentImageField, uploadProblem } from '../components/content-image-field';
import { formValuesOf, inputOf, isContentKind, KIND_SPECS, type FormValues } from '../state/content-rules';
import { useContentEditor } from '../state/use-content-editor';
import { useLeaveGuard } from '../state/use-leave-guard';
import { usePublishingActions } from '../state/use-publishing-actions';
import '../content.css';

/** Whether the form differs from what was loaded (spaces at either end do not count: the server trims them). */
function changedFrom(values: FormValues, saved: FormValues): boolean {
  return Object.keys(saved).some((name) => (values[name] ?? '').trim() !== (saved[name] ?? '').trim());
}

export default function ContentEditPage() {
  const { kind: param, id = 'new' } = useParams();
  const kind = isContentKind(param) ? param : null;
  const spec = kind ? KIND_SPECS[kind] : null;
  const title = spec ? (id === 'new' ? `New ${spec.singular}` : `Edit ${spec.singular}`) : 'Content';
  return (
    <ConsolePage title={title} requires="staff" defaultHref={kind ? `/admin/content/${kind}` : '/admin'}>
      {() => (kind ? <ContentEditor key={`${kind}/${id}`} kind={kind} id={id} /> : <p role="alert">There is no such kind of content.</p>)}
    </ConsolePage>
  );
}

function ContentEditor({ kind, id }: { kind: ContentKind; id: string }) {
  const spec = KIND_SPECS[kind];
  const editor = useContentEditor(kind, id);
  const router = useIonRouter();
  const location = useLocation();
  const [saving, setSaving] = useState(false);
  const presentAlert = useAlert();
  const query = new URLSearchParams(location.search);

  const valid = Object.keys(editor.errors).length === 0;
  const draft = useDraft(kind, id, editor.isNew ? null : editor.opened, editor.values, valid, editor.item?.version);
  // A refused draft or publish (someone saved or published since) shows as any refused save.
  const actions = usePublishingActions(
    kind,
    id,
    draft,
    (error) => editor.refused(error),
    query.has('published') ? `The ${spec.singular} was published; the site shows it now.` : query.has('created') ? 'Draft saved.' : null,
  );
  const { act, busy, notice, setNotice, problem, setProblem, currentDraft } = actions;
  const [showHistory, setShowHistory] = useState(false);
  const othersChange = useOthersChanges(kind, id, !editor.isNew && editor.loaded.status === 'ready', draft.state);

  const dirty = editor.isNew
    ? editor.loaded.status === 'ready' && changedFrom(editor.values, formValuesOf(kind, editor.item))
    : draft.dirty;
  const guard = useLeaveGuard(dirty);
  const valuesRef = useRef(editor.values);
  useEffect(() => {
    valuesRef.current = editor.values;
  }, [editor.values]);

  if (editor.loaded.status === 'loading')
    return (
      <div className="admin-page__status" role="status">
        <IonSpinner aria-label={`Loading the ${spec.singular}`} />
      </div>
    );
  if (editor.loaded.status === 'missing')
    return <p role="alert">This {spec.singular} does not exist (any more). Go back to the list to see what there is.</p>;
  if (editor.loaded.status === 'error') return <p role="alert">{editor.loaded.message}</p>;

  const name = editor.item ? String(editor.item[spec.nameField] ?? '') : editor.draftOnly ? (editor.values[spec.nameField] ?? '') : '';
  /** Opens the item the server made from a new page's first draft (`then`: what its page says first). */
  const openCreated = (itemId: string, then: 'created' | 'published') => {
    guard.allowNext();
    router.push(`/admin/content/${kind}/${encodeURIComponent(itemId)}?${then}=1`, 'none', 'replace');
  };

  /** After a conflict: the other person's version, and the item's draft as the server has it now. */
  const loadTheirs = async () => {
    editor.loadCurrent();
    const state = await getDraft(kind, id).catch(() => null);
    if (!state) return;
    // A never-published item has no published version to compare: the draft is theirs.
    if (editor.draftOnly && state.draft) editor.clearConflict();
    const values = formValuesOf(
      kind,
      state.draft ? { ...editor.conflict?.current, ...state.draft.fields } : (editor.conflict?.current ?? null),
    );
    if (state.draft) editor.replaceValues(values);
    draft.reset(state, values);
  };

  const publish = () =>
    act('Publish', async () => {
      editor.showAll();
      if (!valid) return null;
      if (editor.isNew) {
        // The first draft, published at once; if the publish is refused the draft stays open.
        const created = await createDraftItem(kind, inputOf(kind, editor.values));
        const published = await publishDraft(kind, created.itemId, created.draft.version).then(
          () => true,
          () => false,
        );
        openCreated(created.itemId, published ? 'published' : 'created');
        return null;
      }
      const saved = await currentDraft();
      if (!saved) return null;
      const state = await publishDraft(kind, id, saved.version);
      draft.setState(state);
      await editor.reload();
      return `Published. The site shows the new version now.`;
    });

  // A never-published item is its draft: discarding it removes the item, so it asks first.
  const discardNew = () =>
    void presentAlert({
      header: `Discard this new ${spec.singular}?`,
      message: `It has never been published, so discarding its draft removes it. This cannot be undone.`,
      buttons: [
        { text: 'Cancel', role: 'cancel' },
        {
          text: 'Discard',
          role: 'destructive',
          handler: () =>
            void act('Discard draft', async () => {
              if (!draft.state?.draft) return null;
              await discardDraft(kind, id, draft.state.draft.version);
              guard.allowNext();
              router.push(`/admin/content/${kind}`, 'back', 'replace');
              return null;
            }),
        },
      ],
    });

  const discard = () =>
    act('Discard draft', async () => {
      if (!draft.state?.draft) return null;
      await discardDraft(kind, id, draft.state.draft.version);
      draft.setState({ published: draft.state.published, draft: null, schedule: null });
      const values = formValuesOf(kind, editor.item);
      editor.replaceValues(values);
      draft.settle(values);
      return 'The draft was discarded: the form shows the published version.';
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    editor.showAll();
    setProblem(null);
    setNotice(null);
    if (!valid || saving) return;
    setSaving(true);
    try {
      const input = inputOf(kind, editor.values);
      if (editor.isNew) {
        openCreated((await createDraftItem(kind, input)).itemId, 'created');
        return;
      }
      await draft.save();
      setNotice(editor.draftOnly ? 'Draft saved.' : 'Draft saved. Visitors still see the published version until you publish.');
    } catch (error) {
      setProblem(await editor.refused(error));
    } finally {
      setSaving(false);
    }
  };

  const imageCall = async (call: () => Promise<Parameters<typeof editor.saved>[0]>): Promise<string | null> => {
    try {
      editor.saved(await call());
      return null;
    } catch (error) {
      const outcome = await editor.refused(error);
      return outcome === null ? 'Not changed: see the message above the form.' : uploadProblem(error);
    }
  };

  return (
    <div className="content-admin">
      <h1>{editor.isNew ? `New ${spec.singular}` : name || `Edit ${spec.singular}`}</h1>
      {editor.draftOnly && (
        <p className="content-admin__unpublished">Not published yet: visitors do not see this {spec.singular} until you publish it.</p>
      )}
      {notice && (
        <p className="content-admin__saved" role="status">
          {notice}{' '}
          {!editor.draftOnly && !editor.isNew && (
            <a
              href={kind === 'team-members' && editor.item ? `/team/${encodeURIComponent(editor.item.id)}` : spec.sitePath}
              target="_blank"
              rel="noopener"
            >
              See it on the site
            </a>
          )}
        </p>
      )}
      {othersChange && (
        <p className="content-admin__saved" role="status">
          {othersChange}
        </p>
      )}
      {editor.conflict && (
        <ContentConflict
          kind={kind}
          fields={spec.fields}
          current={editor.conflict.current}
          draftOnly={editor.draftOnly}
          onLoad={() => void loadTheirs()}
        />
      )}
      {problem && (
        <p className="content-admin__problem" role="alert">
          {problem}
        </p>
      )}
      <form className="content-admin__form" onSubmit={(event) => void submit(event)} noValidate aria-label={`The ${spec.singular}`}>
        <ContentFormFields
          fields={spec.fields}
          values={editor.values}
          errors={editor.errors}
          shown={editor.shown}
          onChange={editor.change}
          onBlur={editor.blur}
        />
        <div className="content-admin__form-buttons">
          <IonButton type="submit" disabled={saving}>
            {saving ? <IonSpinner name="dots" aria-label="Saving" /> : 'Save draft'}
          </IonButton>
          <IonButton onClick={() => void publish()} disabled={busy !== null || saving}>
            Publish
          </IonButton>
          {!editor.isNew && (
            <>
              <IonButton fill="outline" onClick={() => void actions.preview()} disabled={busy !== null}>
                Preview
              </IonButton>
              {!editor.draftOnly && (
                <IonButton fill="outline" onClick={() => setShowHistory((shown) => !shown)} aria-expanded={showHistory}>
                  History
                </IonButton>
              )}
              {draft.state?.draft && (
                <IonButton
                  fill="outline"
                  color="danger"
                  onClick={() => (editor.draftOnly ? discardNew() : void discard())}
                  disabled={busy !== null}
                >
                  Discard draft
                </IonButton>
              )}
            </>
          )}
          <IonButton fill="outline" routerLink={`/admin/content/${kind}`} routerDirection="back">
            Back to the list
          </IonButton>
        </div>
      </form>
      {editor.isNew ? (
        <p className="publishing-status">
          Save draft keeps the {spec.singular} as a draft that only staff see; Publish puts it on the site.
        </p>
      ) : (
        <p className="publishing-status" role="status">
          {editor.draftOnly
            ? `A first draft${draft.state?.draft?.updatedBy ? ` by ${draft.state.draft.updatedBy}` : ''}${draft.lastSaved ? `, last kept at ${draft.lastSaved}` : ''}.`
            : draft.state?.draft
              ? `Unpublished changes: a draft${draft.state.draft.updatedBy ? ` by ${draft.state.draft.updatedBy}` : ''}${draft.lastSaved ? `, last kept at ${draft.lastSaved}` : ''}.`
              : 'No draft: the form shows the published version.'}
        </p>
      )}
      {!editor.isNew && draft.state && (
        <ScheduleSection
          schedule={draft.state.schedule}
          dueAt={actions.dueAt}
          onDueAt={actions.setDueAt}
          onSchedule={() => void actions.schedule()}
          onUnschedule={() => void actions.unschedule()}
          busy={busy !== null}
        />
      )}
      {actions.previewUrl && <PreviewFrame url={actions.previewUrl} refresh={draft.saves} onClose={actions.closePreview} />}
      {showHistory && (
        <RevisionHistory
          kind={kind}
          id={id}
          fields={spec.fields}
          onRestored={() => {
            // The form follows the restored version unless it holds a draft, or the person has
            // typed since Restore (the reload answers later, and must not take their words).
            const typed = valuesRef.current;
            void editor.reload().then((found) => {
              if (!found || draft.state?.draft || valuesRef.current !== typed) return;
              const values = formValuesOf(kind, found);
              editor.replaceValues(values);
              draft.settle(values);
            });
          }}
        />
      )}
      {isImageKind(kind) &&
        (editor.item ? (
          <ContentImageField
            label={kind === 'team-members' ? 'Photo' : 'Picture'}
            image={editor.item.image ?? null}
            onUpload={(file) => imageCall(() => uploadContentImage(kind, editor.item!.id, editor.item!.version, file))}
            onRemove={() => imageCall(() => removeContentImage(kind, editor.item!.id, editor.item!.version))}
          />
        ) : (
          <p className="content-admin__image-later">
            {kind === 'team-members' ? 'A photo' : 'A picture'} is added once the {spec.singular} is published: publish it, then add{' '}
            {kind === 'team-members' ? 'the photo' : 'the picture'} here.
          </p>
        ))}
    </div>
  );
}

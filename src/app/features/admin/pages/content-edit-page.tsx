import { IonButton, IonSpinner, useIonRouter } from '@ionic/react';
import { type FormEvent, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { isImageKind } from '../../../../common/content-images';
import type { ContentKind } from '../../../../common/content-schemas';
import { createContent } from '../api/content/create-content';
import { removeContentImage } from '../api/content/remove-content-image';
import { saveContent } from '../api/content/save-content';
import { uploadContentImage } from '../api/content/upload-content-image';
import { ConsolePage } from '../components/console-page';
import { ContentConflict } from '../components/content-conflict';
import { ContentFormFields } from '../components/content-form-fields';
import { ContentImageField, uploadProblem } from '../components/content-image-field';
import { formValuesOf, inputOf, isContentKind, KIND_SPECS, type FormValues } from '../state/content-rules';
import { useContentEditor } from '../state/use-content-editor';
import { useLeaveGuard } from '../state/use-leave-guard';
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
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(
    new URLSearchParams(location.search).has('created') ? `The ${spec.singular} was created; the site shows it now.` : null,
  );

  const dirty = editor.loaded.status === 'ready' && changedFrom(editor.values, formValuesOf(kind, editor.item));
  const guard = useLeaveGuard(dirty);

  if (editor.loaded.status === 'loading')
    return (
      <div className="admin-page__status" role="status">
        <IonSpinner aria-label={`Loading the ${spec.singular}`} />
      </div>
    );
  if (editor.loaded.status === 'missing')
    return <p role="alert">This {spec.singular} does not exist (any more). Go back to the list to see what there is.</p>;
  if (editor.loaded.status === 'error') return <p role="alert">{editor.loaded.message}</p>;

  const name = editor.item ? String(editor.item[spec.nameField] ?? '') : '';
  const valid = Object.keys(editor.errors).length === 0;

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
        const created = await createContent(kind, input);
        guard.allowNext();
        router.push(`/admin/content/${kind}/${encodeURIComponent(created.id)}?created=1`, 'none', 'replace');
        return;
      }
      const saved = await saveContent(kind, editor.item!.id, editor.item!.version, input);
      editor.saved(saved);
      setNotice(`Saved. The site shows the new version now.`);
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
      {notice && (
        <p className="content-admin__saved" role="status">
          {notice}{' '}
          <a
            href={kind === 'team-members' && editor.item ? `/team/${encodeURIComponent(editor.item.id)}` : spec.sitePath}
            target="_blank"
            rel="noopener"
          >
            See it on the site
          </a>
        </p>
      )}
      {editor.conflict && (
        <ContentConflict kind={kind} fields={spec.fields} current={editor.conflict.current} onLoad={editor.loadCurrent} />
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
            {saving ? <IonSpinner name="dots" aria-label="Saving" /> : editor.isNew ? `Create the ${spec.singular}` : 'Save'}
          </IonButton>
          <IonButton fill="outline" routerLink={`/admin/content/${kind}`} routerDirection="back">
            Back to the list
          </IonButton>
        </div>
      </form>
      {isImageKind(kind) &&
        (editor.item ? (
          <ContentImageField
            label={kind === 'team-members' ? 'Photo' : 'Picture'}
            image={editor.item.image ?? null}
            onUpload={(file) => imageCall(() => uploadContentImage(kind, editor.item!.id, editor.item!.version, file))}
            onRemove={() => imageCall(() => removeContentImage(kind, editor.item!.id, editor.item!.version))}
          />
        ) : (
          <p>Create the {spec.singular} first; then you can add a picture here.</p>
        ))}
    </div>
  );
}

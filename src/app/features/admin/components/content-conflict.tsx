import { IonButton } from '@ionic/react';
import { CONFLICT_MESSAGE } from '../../../../common/content-schemas';
import type { ContentItem } from '../api/content/content-item';
import { type FieldSpec, formValuesOf } from '../state/content-rules';
import type { ContentKind } from '../../../../common/content-schemas';

interface ContentConflictProps {
  kind: ContentKind;
  fields: FieldSpec[];
  /** The item as it is on the server now; null when someone deleted it. */
  current: ContentItem | null;
  /** The item was never published: its draft is all there is, so null does not mean deleted. */
  draftOnly?: boolean;
  onLoad: () => void;
}

/** A refused save: nothing was overwritten. Shows the other person's version and offers to load it. */
export function ContentConflict({ kind, fields, current, draftOnly = false, onLoad }: ContentConflictProps) {
  const values = current ? formValuesOf(kind, current) : null;
  return (
    <section className="content-admin__conflict" role="alert" aria-labelledby="content-conflict-title">
      <h2 id="content-conflict-title">Not saved</h2>
      {current && values ? (
        <>
          <p>{CONFLICT_MESSAGE}</p>
          <p>Their version (version {current.version}):</p>
          <dl>
            {fields.map((field) => (
              <div key={field.name} className="content-admin__pair">
                <dt>{field.label}</dt>
                <dd>{values[field.name] || '(empty)'}</dd>
              </div>
            ))}
          </dl>
          <IonButton onClick={onLoad}>Load their version</IonButton>
          <p>Your changes stay in the form until you load their version.</p>
        </>
      ) : draftOnly ? (
        <>
          <p>Someone else saved or discarded this draft since you opened it. Your changes were not saved.</p>
          <IonButton onClick={onLoad}>Load their version</IonButton>
          <p>Your changes stay in the form until you load their version.</p>
        </>
      ) : (
        <p>This item no longer exists: someone deleted it since you opened it. Your changes were not saved.</p>
      )}
    </section>
  );
}

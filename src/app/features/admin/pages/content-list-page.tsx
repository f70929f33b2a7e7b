import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonSpinner } from '@ionic/react';
import { useAlert } from '../../../lib/use-alert';
import { add, arrowDown, arrowUp, createOutline, trashOutline } from 'ionicons/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../../../common/api-error';
import type { ContentKind } from '../../../../common/content-schemas';
import type { ContentItem } from '../api/content/content-item';
import { deleteContent } from '../api/content/delete-content';
import { type DraftMarker, listDrafts } from '../api/content/list-drafts';
import { followPublishing } from '../api/content/publishing-live';
import { reorderContent } from '../api/content/reorder-content';
import { ConsolePage } from '../components/console-page';
import { isContentKind, KIND_SPECS, moveId } from '../state/content-rules';
import { draftOnlyMarkers, scheduleWords } from '../state/publishing-rules';
import { useContentItems } from '../state/use-content-items';
import { useShownAgain } from '../state/use-shown-again';
import '../content.css';
import '../publishing.css';

const messageOf = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : 'That did not work.');

export default function ContentListPage() {
  const { kind: param } = useParams();
  const kind = isContentKind(param) ? param : null;
  return (
    <ConsolePage title={kind ? KIND_SPECS[kind].title : 'Content'} requires="staff">
      {() =>
        kind ? <ContentList key={kind} kind={kind} /> : <p role="alert">There is no such kind of content. Go back to the console.</p>
      }
    </ConsolePage>
  );
}

function ContentList({ kind }: { kind: ContentKind }) {
  const spec = KIND_SPECS[kind];
  const { state, reload, replace } = useContentItems(kind);
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const presentAlert = useAlert();
  const listRef = useRef<HTMLDivElement>(null);
  // Which items have unpublished changes (a draft), and which are scheduled.
  const [markers, setMarkers] = useState<DraftMarker[]>([]);
  const drafts = new Map(markers.map((entry) => [entry.itemId, entry]));
  const loadDrafts = useCallback(
    () =>
      listDrafts(kind).then(
        (answer) => setMarkers(answer.items),
        () => undefined,
      ),
    [kind],
  );
  useEffect(() => void loadDrafts(), [loadDrafts]);
  // Live: another person's draft, publish or schedule of this list shows without a reload. A
  // reset (the stream could not catch up) reads both again, but not the one a new stream may
  // start with: the page has just read them.
  useEffect(() => {
    let opening = true;
    return followPublishing((change) => {
      const first = opening;
      opening = false;
      if (change.kind === 'reset') {
        if (first) return;
      } else if (change.collection !== kind) return;
      void loadDrafts();
      if (change.kind === 'published' || change.kind === 'reset') void reload();
    });
  }, [kind, loadDrafts, reload]);
  // Back from the edit page: show what was saved there.
  useShownAgain(() => {
    void reload();
    void loadDrafts();
  });

  const nameOf = (item: ContentItem) => String(item[spec.nameField] ?? item.id);
  // New items never published exist as their draft alone: listed apart, never on the site.
  const newDrafts = state.status === 'ready' ? draftOnlyMarkers(markers, state.items) : [];

  const move = async (items: ContentItem[], index: number, delta: -1 | 1) => {
    const item = items[index]!;
    const ids = moveId(
      items.map((entry) => entry.id),
      index,
      delta,
    );
    setBusy(true);
    setProblem(null);
    try {
      const answer = await reorderContent(kind, ids);
      replace(answer.items);
      const position = ids.indexOf(item.id) + 1;
      setAnnouncement(`${nameOf(item)} moved to position ${position} of ${ids.length}.`);
      // The button pressed may have reached an end (and been disabled): keep focus on the item's row.
      requestAnimationFrame(() => {
        const direction = delta < 0 ? 'up' : 'down';
        const target =
          listRef.current?.querySelector<HTMLElement>(`[data-move="${item.id}-${direction}"]:not([disabled])`) ??
          listRef.current?.querySelector<HTMLElement>(`[data-edit="${item.id}"]`);
        target?.focus();
      });
    } catch (error) {
      setProblem(messageOf(error));
      void reload();
    } finally {
      setBusy(false);
    }
  };

  const remove = (item: ContentItem) =>
    void presentAlert({
      header: `Delete this ${spec.singular}?`,
      message: `“${nameOf(item)}” will be removed from the site at once. This cannot be undone.`,
      buttons: [
        { text: 'Cancel', role: 'cancel' },
        {
          text: 'Delete',
          role: 'destructive',
          handler: () => {
            void (async () => {
              setProblem(null);
              try {
                await deleteContent(kind, item.id, item.version);
                setAnnouncement(`${nameOf(item)} was deleted.`);
              } catch (error) {
                setProblem(messageOf(error));
              }
              await reload();
            })();
          },
        },
      ],
    });

  return (
    <div className="content-admin" ref={listRef}>
      <div className="content-admin__head">
        <h1>{spec.title}</h1>
        <div className="content-admin__actions">
          <IonButton routerLink={`/admin/content/${kind}/new`}>
            <IonIcon slot="start" icon={add} aria-hidden="true" />
            Add a {spec.singular}
          </IonButton>
          <IonButton fill="outline" href={spec.sitePath} target="_blank" rel="noopener">
            View on the site
          </IonButton>
        </div>
      </div>
      <p className="content-admin__live" role="status" aria-live="polite">
        {announcement}
      </p>
      {problem && (
        <p className="content-admin__problem" role="alert">
          {problem}
        </p>
      )}
      {newDrafts.length > 0 && (
        <NewDrafts kind={kind} markers={newDrafts} nameOf={(marker) => String(marker.fields[spec.nameField] ?? marker.itemId)} />
      )}
      {state.status === 'loading' ? (
        <div className="admin-page__status" role="status">
          <IonSpinner aria-label={`Loading ${spec.title.toLowerCase()}`} />
        </div>
      ) : state.status === 'error' ? (
        <p role="alert">{state.message}</p>
      ) : state.items.length === 0 ? (
        <p>There are no {spec.title.toLowerCase()} yet. The site hides the section until there is one.</p>
      ) : (
        <>
          {newDrafts.length > 0 && <h2 className="content-admin__list-title">On the site</h2>}
          <IonList className="content-admin__list" aria-label={`${spec.title}, in the order the site shows them`}>
            {state.items.map((item, index, items) => (
              <IonItem key={item.id} className="content-admin__row">
                <IonLabel>
                  <h2>{nameOf(item)}</h2>
                  <p>{String(item[spec.noteField] ?? '')}</p>
                  {drafts.has(item.id) && (
                    <p className="content-admin__draft-marker">{markerWords('Unpublished changes', ', ', drafts.get(item.id)!)}</p>
                  )}
                </IonLabel>
                <div className="content-admin__row-buttons" slot="end">
                  <IonButton
                    fill="clear"
                    data-move={`${item.id}-up`}
                    disabled={busy || index === 0}
                    aria-label={`Move ${nameOf(item)} up`}
                    onClick={() => void move(items, index, -1)}
                  >
                    <IonIcon slot="icon-only" icon={arrowUp} aria-hidden="true" />
                  </IonButton>
                  <IonButton
                    fill="clear"
                    data-move={`${item.id}-down`}
                    disabled={busy || index === items.length - 1}
                    aria-label={`Move ${nameOf(item)} down`}
                    onClick={() => void move(items, index, 1)}
                  >
                    <IonIcon slot="icon-only" icon={arrowDown} aria-hidden="true" />
                  </IonButton>
                  <IonButton
                    fill="clear"
                    data-edit={item.id}
                    routerLink={`/admin/content/${kind}/${encodeURIComponent(item.id)}`}
                    aria-label={`Edit ${nameOf(item)}`}
                  >
                    <IonIcon slot="icon-only" icon={createOutline} aria-hidden="true" />
                  </IonButton>
                  <IonButton fill="clear" color="danger" aria-label={`Delete ${nameOf(item)}`} onClick={() => remove(item)}>
                    <IonIcon slot="icon-only" icon={trashOutline} aria-hidden="true" />
                  </IonButton>
                </div>
              </IonItem>
            ))}
          </IonList>
        </>
      )}
    </div>
  );
}

/** A draft's marker in a list: what it is, and when it is scheduled or why its schedule failed. */
const markerWords = (what: string, joiner: string, marker: DraftMarker) =>
  marker.scheduledAt ? `${what}${joiner}${scheduleWords(marker.scheduledAt, marker.scheduleFailure)}` : what;

function NewDrafts({ kind, markers, nameOf }: { kind: ContentKind; markers: DraftMarker[]; nameOf: (marker: DraftMarker) => string }) {
  const spec = KIND_SPECS[kind];
  return (
    <section className="content-admin__new-drafts" aria-labelledby="new-drafts-title">
      <h2 id="new-drafts-title">Not published yet</h2>
      <p>Only staff see these drafts; the site shows each one once it is published.</p>
      <IonList className="content-admin__list" aria-label={`New ${spec.title.toLowerCase()} not published yet`}>
        {markers.map((marker) => (
          <IonItem key={marker.itemId} className="content-admin__row">
            <IonLabel>
              <h2>{nameOf(marker)}</h2>
              <p className="content-admin__draft-marker">{markerWords('Unpublished draft, not on the site', ': ', marker)}</p>
            </IonLabel>
            <div className="content-admin__row-buttons" slot="end">
              <IonButton
                fill="clear"
                data-edit={marker.itemId}
                routerLink={`/admin/content/${kind}/${encodeURIComponent(marker.itemId)}`}
                aria-label={`Edit ${nameOf(marker)}`}
              >
                <IonIcon slot="icon-only" icon={createOutline} aria-hidden="true" />
              </IonButton>
            </div>
          </IonItem>
        ))}
      </IonList>
    </section>
  );
}

import { IonButton, IonInput, IonSpinner, IonTextarea } from '@ionic/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../../../common/api-error';
import { charactersLeft } from '../../../../common/characters-left';
import { IMAGE_ACCEPT, type ContentImage, variantFor } from '../../../../common/content-images';
import { NEWS_LIMITS, type NewsArticleFields } from '../../../../common/news-schemas';
import type { RichTextDoc } from '../../../../common/rich-text';
import { listContent } from '../api/content/list-content';
import { discardNewsDraft } from '../api/news/discard-news-draft';
import { getNewsState } from '../api/news/get-news-state';
import type { NewsState } from '../api/news/news-types';
import type { PublishingState } from '../api/content/publishing-types';
import { newsPreviewLink } from '../api/news/news-preview-link';
import { publishNews } from '../api/news/publish-news';
import { saveNewsDraft } from '../api/news/save-news-draft';
import { scheduleNews } from '../api/news/schedule-news';
import { uploadNewsImage } from '../api/news/upload-news-image';
import { ConsolePage } from '../components/console-page';
import { LeftAnnouncement } from '../components/left-announcement';
import { PreviewFrame } from '../components/preview-frame';
import { RevisionHistory } from '../components/revision-history';
import { emptyArticle, fromLocalInput, newArticleId, sameArticle, toLocalInput } from '../state/news-form';
import { scheduleWords } from '../state/publishing-rules';
import { useLeaveGuard } from '../state/use-leave-guard';
import { useLeftAnnouncement } from '../state/use-left-announcement';
import { useOthersChanges } from '../state/use-others-changes';
import '../content.css';
import '../news.css';
import '../publishing.css';

/** The editor's limited text fields: each says under it, and aloud near the end, how much is left. */
const LIMITED = {
  title: { label: 'Title', max: NEWS_LIMITS.title },
  slug: { label: 'Address', max: NEWS_LIMITS.slug },
  summary: { label: 'Summary', max: NEWS_LIMITS.summary },
  coverAlt: { label: 'Cover description', max: NEWS_LIMITS.alt },
} as const;
type LimitedField = keyof typeof LIMITED;

// Tiptap and ProseMirror are a chunk of their own, loaded with this page only.
const RichTextEditor = lazy(() => import('../components/rich-text-editor'));

/** What History compares between two published revisions of an article, by name. */
const ARTICLE_HISTORY_FIELDS = [
  { name: 'title', label: 'Title' },
  { name: 'slug', label: 'Address' },
  { name: 'summary', label: 'Summary' },
  { name: 'body', label: 'Body' },
  { name: 'coverAlt', label: 'Cover description' },
  { name: 'authorId', label: 'Author' },
  { name: 'publishedAt', label: 'Publish date' },
] as const;

/** The draft is kept this often while someone types, so a closed tab loses little. */
const AUTOSAVE_MS = 5000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'That did not work.');

export default function NewsEditPage() {
  const { id = 'new' } = useParams();
  return (
    <ConsolePage title={id === 'new' ? 'New article' : 'Edit article'} requires="staff" defaultHref="/admin/content/news">
      {() => <NewsEditor key={id} routeId={id} />}
    </ConsolePage>
  );
}

interface Loaded {
  state: NewsState;
  authors: { id: string; name: string }[];
}

function NewsEditor({ routeId }: { routeId: string }) {
  // A new article gets its id here; its drafts are listed under it, so a closed tab loses nothing.
  const [id] = useState(() => (routeId === 'new' ? newArticleId() : routeId));
  const [loaded, setLoaded] = useState<Loaded | { error: string } | null>(null);
  const [fields, setFields] = useState<NewsArticleFields>(emptyArticle());
  const [saved, setSaved] = useState<NewsArticleFields>(emptyArticle());
  const [version, setVersion] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [cover, setCover] = useState<ContentImage | null>(null);
  const left = useLeftAnnouncement();
  const [scheduleAt, setScheduleAt] = useState('');
  const [preview, setPreview] = useState<{ url: string; refresh: number } | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const queue = useRef<Promise<void>>(Promise.resolve());
  // What the queued writes read: the form as it is when they run, not when they were queued.
  const latestRef = useRef({ fields: emptyArticle(), saved: emptyArticle(), version: 0 });

  useEffect(() => {
    void (async () => {
      try {
        const [state, team] = await Promise.all([
          routeId === 'new' ? Promise.resolve<NewsState>({ published: null, draft: null, schedule: null }) : getNewsState(id),
          listContent('team-members'),
        ]);
        const authors = team.items.map((item) => ({ id: item.id, name: String(item.name ?? item.id) }));
        const start = state.draft?.fields ?? state.published ?? emptyArticle(authors[0]?.id ?? '');
        setFields(start);
        setSaved(start);
        setVersion(state.draft?.version ?? 0);
        latestRef.current = { fields: start, saved: start, version: state.draft?.version ?? 0 };
        setScheduleAt(state.schedule ? toLocalInput(state.schedule.dueAt) : '');
        setLoaded({ state, authors });
      } catch (error) {
        setLoaded({ error: messageOf(error) });
      }
    })();
  }, [id, routeId]);

  const dirty = !sameArticle(fields, saved);
  useLeaveGuard(dirty);

  // What this page holds of the article's state, for the live notice of another person's change.
  const opened = loaded && !('error' in loaded) ? loaded.state : null;
  const local = useMemo<PublishingState | null>(
    () =>
      opened && {
        published: opened.published,
        draft: version > 0 ? { version, fields: saved, updatedAt: '', updatedBy: null } : null,
        schedule: opened.schedule,
      },
    [opened, version, saved],
  );
  const othersChange = useOthersChanges('news', id, opened !== null, local);

  useEffect(() => {
    latestRef.current = { ...latestRef.current, fields, saved };
  }, [fields, saved]);

  /** Saves the draft when it changed; answers the draft's version (null when the save failed). */
  const saveDraft = async (quiet: boolean): Promise<number | null> => {
    const { fields: sending, saved: last, version: from } = latestRef.current;
    if (sameArticle(sending, last) && from > 0) {
      if (!quiet) setStatus('Draft saved. Visitors still see the published version.');
      return from;
    }
    try {
      const answer = await saveNewsDraft(id, from, sending);
      latestRef.current = { ...latestRef.current, saved: sending, version: answer.draft.version };
      setVersion(answer.draft.version);
      setSaved(sending);
      // An open preview shows the draft as just saved.
      setPreview((open) => (open ? { ...open, refresh: open.refresh + 1 } : open));
      setErrors({});
      if (!quiet) setStatus('Draft saved. Visitors still see the published version.');
      return answer.draft.version;
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      if (!quiet || !(error instanceof ApiError && error.code === 'validation_failed')) setStatus(messageOf(error));
      return null;
    }
  };

  // One write at a time, in order: a click during an automatic save waits for it, never collides.
  const run = (action: () => Promise<void>) => {
    setBusy(true);
    queue.current = queue.current.then(action).catch(() => undefined);
    const mine = queue.current;
    void mine.then(() => {
      if (queue.current === mine) setBusy(false);
    });
    return mine;
  };

  // Kept every few seconds while someone types, quietly.
  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(() => void run(async () => void (await saveDraft(true))), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  });

  if (!loaded)
    return (
      <div className="admin-page__status" role="status">
        <IonSpinner aria-label="Loading the article" />
      </div>
    );
  if ('error' in loaded) return <p role="alert">{loaded.error}</p>;

  const set = <K extends keyof NewsArticleFields>(name: K, value: NewsArticleFields[K]) =>
    setFields((current) => ({ ...current, [name]: value }));
  /** What is left of a limited text field, as its helper line says it. */
  const leftOf = (name: LimitedField) => charactersLeft(fields[name], LIMITED[name].max);
  /** A limited text field's change, with its count said aloud as it nears the end. */
  const type = (name: LimitedField, value: string) => {
    left.track(LIMITED[name].label, fields[name], value, LIMITED[name].max);
    set(name, value);
  };
  const wasPublished = loaded.state.published !== null;

  const publish = () =>
    run(async () => {
      const draftVersion = await saveDraft(true);
      if (draftVersion === null) {
        setStatus('The article could not be published: correct the fields marked below.');
        return;
      }
      try {
        const state = await publishNews(id, draftVersion);
        const now = state.published ?? fields;
        setFields(now);
        setSaved(now);
        setVersion(0);
        latestRef.current = { fields: now, saved: now, version: 0 };
        setLoaded({ ...loaded, state });
        setStatus(`Published: the site shows it now at /news/${now.slug}.`);
      } catch (error) {
        if (error instanceof ApiError) setErrors(error.fields);
        setStatus(messageOf(error));
      }
    });

  const schedule = () =>
    run(async () => {
      const dueAt = fromLocalInput(scheduleAt);
      if (dueAt === '') {
        setStatus('Choose the date and time to publish at.');
        return;
      }
      if ((await saveDraft(true)) === null) return;
      try {
        const answer = await scheduleNews(id, dueAt);
        setLoaded({ ...loaded, state: { ...loaded.state, schedule: answer } });
        setStatus(`Scheduled: it will be published on ${new Date(answer.dueAt).toLocaleString()}.`);
      } catch (error) {
        setStatus(messageOf(error));
      }
    });

  const openPreview = () =>
    run(async () => {
      if ((await saveDraft(true)) === null) {
        setStatus('Save a draft with every field filled in to preview it.');
        return;
      }
      try {
        const link = await newsPreviewLink(id);
        setPreview({ url: link.url, refresh: 0 });
      } catch (error) {
        setStatus(messageOf(error));
      }
    });

  const discard = () =>
    run(async () => {
      const { version: current } = latestRef.current;
      if (current === 0) return;
      try {
        await discardNewsDraft(id, current);
        // Discarding also drops the draft's schedule.
        setLoaded({ ...loaded, state: { ...loaded.state, draft: null, schedule: null } });
        const back = loaded.state.published ?? emptyArticle(fields.authorId);
        setFields(back);
        setSaved(back);
        setVersion(0);
        latestRef.current = { fields: back, saved: back, version: 0 };
        setStatus('Draft discarded.');
      } catch (error) {
        setStatus(messageOf(error));
      }
    });

  // The form follows the restored version unless it holds a draft (which stays, as on every edit page).
  const restored = () =>
    run(async () => {
      try {
        const state = await getNewsState(id);
        setLoaded({ ...loaded, state });
        if (state.draft || latestRef.current.version > 0 || !state.published) return;
        setFields(state.published);
        setSaved(state.published);
        latestRef.current = { fields: state.published, saved: state.published, version: 0 };
      } catch (error) {
        setStatus(messageOf(error));
      }
    });

  const chooseCover = async (file: File | undefined) => {
    if (!file) return;
    setStatus('Uploading the cover picture…');
    try {
      const image = await uploadNewsImage(file);
      setCover(image);
      set('coverImageId', image.id);
      setStatus('Cover picture uploaded. Describe it below.');
    } catch (error) {
      setStatus(messageOf(error));
    }
  };

  return (
    <form
      className="content-admin news-editor"
      onSubmit={(event) => (event.preventDefault(), void run(async () => void (await saveDraft(false))))}
    >
      <h1>{fields.title || 'New article'}</h1>
      <p className="content-admin__live" role="status" aria-live="polite">
        {status}
      </p>
      {othersChange && (
        <p className="content-admin__saved" role="status">
          {othersChange}
        </p>
      )}
      <IonInput
        label="Title"
        labelPlacement="stacked"
        fill="outline"
        value={fields.title}
        maxlength={NEWS_LIMITS.title}
        helperText={leftOf('title')}
        errorText={errors.title}
        className={errors.title ? 'ion-touched ion-invalid' : undefined}
        onIonInput={(event) => type('title', String(event.detail.value ?? ''))}
      />
      <IonInput
        label="Address"
        labelPlacement="stacked"
        fill="outline"
        value={fields.slug}
        maxlength={NEWS_LIMITS.slug}
        helperText={`${
          wasPublished ? 'Changing it keeps the old address working: it sends visitors here.' : 'Leave empty to make it from the title.'
        } ${leftOf('slug')}`}
        errorText={errors.slug}
        className={errors.slug ? 'ion-touched ion-invalid' : undefined}
        onIonInput={(event) => type('slug', String(event.detail.value ?? ''))}
      />
      <IonTextarea
        label="Summary"
        labelPlacement="stacked"
        fill="outline"
        autoGrow
        rows={2}
        value={fields.summary}
        maxlength={NEWS_LIMITS.summary}
        helperText={leftOf('summary')}
        errorText={errors.summary}
        className={errors.summary ? 'ion-touched ion-invalid' : undefined}
        onIonInput={(event) => type('summary', String(event.detail.value ?? ''))}
      />
      <LeftAnnouncement text={left.announcement} />
      <div className="news-editor__row">
        <label htmlFor="news-author">Author</label>
        <select id="news-author" value={fields.authorId} onChange={(event) => set('authorId', event.target.value)}>
          {loaded.authors.map((author) => (
            <option key={author.id} value={author.id}>
              {author.name}
            </option>
          ))}
        </select>
        {errors.authorId ? <p className="content-admin__problem">{errors.authorId}</p> : null}
      </div>
      <div className="news-editor__row">
        <label htmlFor="news-published-at">Publish date</label>
        <input
          id="news-published-at"
          type="datetime-local"
          value={toLocalInput(fields.publishedAt)}
          aria-describedby="news-published-at-help"
          onChange={(event) => set('publishedAt', fromLocalInput(event.target.value))}
        />
        <p id="news-published-at-help" className="muted">
          Shown with the article, in your time zone. Empty: the moment it is first published.
        </p>
      </div>
      <fieldset className="news-editor__cover">
        <legend>Cover picture</legend>
        {cover ? <img src={variantFor(cover, 320)?.url} alt="" width={160} /> : null}
        <label htmlFor="news-cover-file">{fields.coverImageId ? 'Replace the cover picture' : 'Choose a cover picture'}</label>
        <input id="news-cover-file" type="file" accept={IMAGE_ACCEPT} onChange={(event) => void chooseCover(event.target.files?.[0])} />
        <IonInput
          label="Cover description"
          labelPlacement="stacked"
          fill="outline"
          value={fields.coverAlt}
          maxlength={NEWS_LIMITS.alt}
          helperText={`What the picture shows, for people who cannot see it. ${leftOf('coverAlt')}`}
          errorText={errors.coverAlt}
          className={errors.coverAlt ? 'ion-touched ion-invalid' : undefined}
          onIonInput={(event) => type('coverAlt', String(event.detail.value ?? ''))}
        />
        {fields.coverImageId ? (
          <IonButton fill="clear" onClick={() => (set('coverImageId', null), setCover(null))}>
            Remove the cover picture
          </IonButton>
        ) : null}
      </fieldset>
      <div className="news-editor__body">
        <p id="news-body-label" className="news-editor__label">
          Body
        </p>
        {errors.body ? (
          <p id="news-body-error" className="content-admin__problem">
            {errors.body}
          </p>
        ) : null}
        <Suspense fallback={<IonSpinner aria-label="Loading the editor" />}>
          <RichTextEditor
            labelId="news-body-label"
            errorId={errors.body ? 'news-body-error' : undefined}
            value={fields.body}
            onChange={(doc: RichTextDoc) => set('body', doc)}
            uploadImage={uploadNewsImage}
          />
        </Suspense>
      </div>
      <div className="content-admin__actions news-editor__actions">
        <IonButton type="submit" fill="outline">
          Save draft
        </IonButton>
        <IonButton onClick={() => void publish()}>Publish</IonButton>
        <IonButton fill="outline" onClick={() => void openPreview()}>
          Preview
        </IonButton>
        {wasPublished && (
          <IonButton fill="outline" onClick={() => setShowHistory((shown) => !shown)} aria-expanded={showHistory}>
            History
          </IonButton>
        )}
        <IonButton fill="clear" onClick={() => void discard()} disabled={busy || version === 0}>
          Discard draft
        </IonButton>
      </div>
      {loaded.state.schedule ? (
        <p className={loaded.state.schedule.failure ? 'publishing-schedule__failure' : 'publishing-status'}>
          {loaded.state.schedule.failure
            ? `This article ${scheduleWords(loaded.state.schedule.dueAt, loaded.state.schedule.failure)}. Nothing was published: fix it and schedule it again.`
            : `The draft will be published on ${new Date(loaded.state.schedule.dueAt).toLocaleString()}.`}
        </p>
      ) : null}
      <div className="news-editor__row">
        <label htmlFor="news-schedule-at">Publish at</label>
        <input id="news-schedule-at" type="datetime-local" value={scheduleAt} onChange={(event) => setScheduleAt(event.target.value)} />
        <IonButton fill="outline" onClick={() => void schedule()}>
          Schedule
        </IonButton>
      </div>
      {preview ? <PreviewFrame url={preview.url} refresh={preview.refresh} onClose={() => setPreview(null)} /> : null}
      {showHistory && <RevisionHistory kind="news" id={id} fields={ARTICLE_HISTORY_FIELDS} onRestored={() => void restored()} />}
    </form>
  );
}

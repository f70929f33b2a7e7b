import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonSpinner } from '@ionic/react';
import { add } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { formatNewsDate } from '../../../../common/news-data';
import { listNews } from '../api/news/list-news';
import type { NewsListItem } from '../api/news/news-types';
import { ConsolePage } from '../components/console-page';
import { scheduleWords } from '../state/publishing-rules';
import { useShownAgain } from '../state/use-shown-again';
import '../content.css';

type Loaded = { status: 'loading' } | { status: 'ready'; items: NewsListItem[] } | { status: 'error'; message: string };

/** What the list says of an article's state, in words (no colour alone). */
function stateOf(item: NewsListItem): string {
  const parts = [item.published ? `Published ${formatNewsDate(item.publishedAt ?? '')}` : 'Not published yet'];
  if (item.hasDraft) parts.push(item.published ? 'unpublished changes' : 'draft');
  if (item.scheduledAt) parts.push(scheduleWords(item.scheduledAt, item.scheduleFailure));
  return parts.join(' · ');
}

export default function NewsListPage() {
  return (
    <ConsolePage title="News" requires="staff">
      {() => <NewsList />}
    </ConsolePage>
  );
}

function NewsList() {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const reload = async () => {
    try {
      setState({ status: 'ready', items: (await listNews()).items });
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error ? error.message : 'The articles could not be loaded.' });
    }
  };
  // The first load: opened at its address, the page mounts after the console's session is known,
  // when Ionic's "will enter" has already passed.
  useEffect(() => {
    let active = true;
    listNews().then(
      ({ items }) => active && setState({ status: 'ready', items }),
      (error: unknown) =>
        active && setState({ status: 'error', message: error instanceof Error ? error.message : 'The articles could not be loaded.' }),
    );
    return () => {
      active = false;
    };
  }, []);
  // Also back from the edit page: show what was saved there.
  useShownAgain(() => void reload());

  return (
    <div className="content-admin">
      <div className="content-admin__head">
        <h1>News</h1>
        <div className="content-admin__actions">
          <IonButton routerLink="/admin/content/news/new">
            <IonIcon slot="start" icon={add} aria-hidden="true" />
            Add an article
          </IonButton>
          <IonButton fill="outline" href="/news" target="_blank" rel="noopener">
            View on the site
          </IonButton>
        </div>
      </div>
      {state.status === 'loading' ? (
        <div className="admin-page__status" role="status">
          <IonSpinner aria-label="Loading the articles" />
        </div>
      ) : state.status === 'error' ? (
        <p role="alert">{state.message}</p>
      ) : state.items.length === 0 ? (
        <p>No articles yet. Add the first one.</p>
      ) : (
        <IonList>
          {state.items.map((item) => (
            <IonItem key={item.id} routerLink={`/admin/content/news/${encodeURIComponent(item.id)}`} detail>
              <IonLabel>
                <h2>{item.title || 'Untitled article'}</h2>
                <p>{stateOf(item)}</p>
              </IonLabel>
            </IonItem>
          ))}
        </IonList>
      )}
    </div>
  );
}

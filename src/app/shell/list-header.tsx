import { IonButton, IonButtons, IonIcon, IonLabel, IonSearchbar, IonSegment, IonSegmentButton, IonToolbar } from '@ionic/react';
import { ellipsisHorizontal, ellipsisVertical, options } from 'ionicons/icons';
import type { MouseEvent } from 'react';
import { ionicMode } from '../lib/platform';
import { AppHeader } from './app-header';
import { caseSensitiveToggle } from './case-sensitive-toggle-loader';

export type HeaderType = 'movies' | 'schedule';
export type Segment = 'all' | 'favorites';

export interface ListHeaderProps {
  title: string;
  /** The header type; `full` is the site's header and never appears in the app. */
  type: HeaderType;
  /** Where the back button goes when there is no history. */
  defaultHref?: string;
  /** The search flag: shows a search bar with placeholder 'Search for...'. */
  search?: boolean;
  searchTerm?: string;
  onSearchChange?: (term: string) => void;
  /** Output: the user asked for the filter. */
  onFilter?: () => void;
  /** Output: segment value (movies). */
  segment?: Segment;
  onSegmentChange?: (segment: Segment) => void;
  /** Output: case-sensitive flag (schedule). */
  caseSensitive?: boolean;
  onCaseSensitiveChange?: (caseSensitive: boolean) => void;
  /** movies: the More button, which opens the movie options popover. */
  onMore?: (event: MouseEvent<HTMLIonButtonElement>) => void;
}

/** The app's header in its spec's movies and schedule types (section 2). */
export function ListHeader(props: ListHeaderProps) {
  const { type } = props;
  const ios = ionicMode() === 'ios';
  const title = type === 'schedule' ? 'Daily Activities' : props.title;

  const filterButton = (
    <IonButton onClick={() => props.onFilter?.()} aria-label={ios ? undefined : 'Filter'}>
      {ios ? 'Filter' : <IonIcon slot="icon-only" icon={options} aria-hidden="true" />}
    </IonButton>
  );

  return (
    <AppHeader
      title={title}
      defaultHref={props.defaultHref}
      end={
        type === 'movies' && (
          <IonButtons slot="end">
            <IonButton onClick={(event) => props.onMore?.(event)} aria-label="More" aria-haspopup="menu">
              <IonIcon slot="icon-only" icon={ios ? ellipsisHorizontal : ellipsisVertical} aria-hidden="true" />
            </IonButton>
          </IonButtons>
        )
      }
    >
      {type === 'movies' && (
        <IonToolbar>
          <IonSegment
            value={props.segment ?? 'all'}
            onIonChange={(event) => props.onSegmentChange?.(event.detail.value === 'favorites' ? 'favorites' : 'all')}
          >
            <IonSegmentButton value="all">
              <IonLabel>All</IonLabel>
            </IonSegmentButton>
            <IonSegmentButton value="favorites">
              <IonLabel>Favorites</IonLabel>
            </IonSegmentButton>
          </IonSegment>
          <IonButtons slot="end">{filterButton}</IonButtons>
        </IonToolbar>
      )}
      {type === 'schedule' && (
        <IonToolbar>
          <caseSensitiveToggle.Component
            checked={props.caseSensitive ?? false}
            onChange={(checked) => props.onCaseSensitiveChange?.(checked)}
          />
          <IonButtons slot="end">{filterButton}</IonButtons>
        </IonToolbar>
      )}
      {props.search && (
        <IonToolbar>
          <IonSearchbar
            placeholder="Search for..."
            value={props.searchTerm ?? ''}
            debounce={0}
            onIonInput={(event) => props.onSearchChange?.(event.detail.value ?? '')}
            aria-label="Search"
          />
        </IonToolbar>
      )}
    </AppHeader>
  );
}

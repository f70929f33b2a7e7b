import { IonButton, IonContent, IonIcon, IonPage } from '@ionic/react';
import { playCircleOutline } from 'ionicons/icons';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { AppHeader } from '../../../shell/app-header';
import { findVideo, formatClock, videoFiles, YEAR_VIDEOS } from '../videos';
import '../video.css';

interface Chapter {
  title: string;
  start: number;
}

/** Links to every year's video, the current one marked. */
function YearLinks({ current }: { current?: number }) {
  return (
    <ul className="video-years" aria-label="Years">
      {YEAR_VIDEOS.map((video) => (
        <li key={video.year}>
          <IonButton
            routerLink={`/video-example/${video.year}`}
            routerDirection="root"
            fill={video.year === current ? 'solid' : 'outline'}
            aria-current={video.year === current ? 'page' : undefined}
          >
            {video.year}
          </IonButton>
        </li>
      ))}
    </ul>
  );
}

/** The company's "year in review" video: captions, chapters that seek, links to other years. */
export default function VideoPage() {
  const { year } = useParams();
  const video = findVideo(year);
  const player = useRef<HTMLVideoElement>(null);
  const chaptersTrack = useRef<HTMLTrackElement>(null);
  // Chapters and playback position are kept with the year they belong to, so another year
  // starts clean without resetting state in an effect.
  const [loadedChapters, setChapters] = useState<{ year: number; list: Chapter[] }>({ year: 0, list: [] });
  const [position, setPosition] = useState({ year: 0, time: 0 });
  const chapters = loadedChapters.year === video?.year ? loadedChapters.list : [];
  const current = position.year === video?.year ? position.time : 0;

  useEffect(() => {
    const track = chaptersTrack.current;
    if (!track || !video) return;
    // A chapters track loads its cues only when it is not disabled; hidden keeps it off screen.
    track.track.mode = 'hidden';
    const read = () => {
      const cues = Array.from(track.track.cues ?? []) as VTTCue[];
      setChapters({ year: video.year, list: cues.map((cue) => ({ title: cue.text, start: cue.startTime })) });
    };
    if (track.readyState === 2) read();
    track.addEventListener('load', read);
    return () => track.removeEventListener('load', read);
  }, [video]);

  const seek = (start: number) => {
    const element = player.current;
    if (!element) return;
    element.currentTime = start;
    void element.play().catch(() => undefined);
  };

  const activeChapter = chapters.reduce((found, chapter, index) => (current >= chapter.start ? index : found), 0);

  return (
    <IonPage>
      <AppHeader title={video ? `Video Example: ${video.year}` : 'Video Example'} defaultHref="/home" />
      <IonContent className="ion-padding">
        <div className="video-page">
          {video ? (
            <>
              <h1>{video.title}</h1>
              <p className="video-meta">{video.summary}</p>
              {/* The key remounts the element so a new year loads its own sources and tracks. */}
              <video
                key={video.year}
                ref={player}
                className="video-player"
                controls
                preload="metadata"
                playsInline
                poster={videoFiles(video.year).poster}
                onTimeUpdate={(event) => setPosition({ year: video.year, time: event.currentTarget.currentTime })}
                aria-label={`${video.title} video`}
                data-testid="year-video"
              >
                <source src={videoFiles(video.year).webm} type='video/webm; codecs="vp9, opus"' />
                <source src={videoFiles(video.year).mp4} type="video/mp4" />
                <track kind="captions" src={videoFiles(video.year).captions} srcLang="en" label="English" default />
                <track ref={chaptersTrack} kind="chapters" src={videoFiles(video.year).chapters} srcLang="en" label="Chapters" />
                Your browser cannot play this video. <a href={videoFiles(video.year).mp4}>Download it</a> instead.
              </video>
              <h2>Chapters</h2>
              {chapters.length > 0 ? (
                <ul className="video-chapters">
                  {chapters.map((chapter, index) => (
                    <li key={chapter.start}>
                      {/* Native buttons: ion-button would not keep aria-current in step. */}
                      <button
                        type="button"
                        className="chapter-button"
                        aria-current={index === activeChapter ? 'true' : undefined}
                        onClick={() => seek(chapter.start)}
                      >
                        <IonIcon icon={playCircleOutline} aria-hidden="true" />
                        <span className="chapter-button__time">{formatClock(chapter.start)}</span> {chapter.title}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p>Loading chapters…</p>
              )}
              <h2>Other years</h2>
              {/* Keyed by year: ion-button copies aria-current into its shadow link only once. */}
              <YearLinks key={video.year} current={video.year} />
            </>
          ) : (
            <div role="alert">
              <h1>No video for {year}</h1>
              <p>There is no year-in-review video for {year}. These years are available:</p>
              <YearLinks />
            </div>
          )}
        </div>
      </IonContent>
    </IonPage>
  );
}

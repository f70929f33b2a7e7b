import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonIcon,
  IonPage,
  IonTitle,
  IonToolbar,
  useIonRouter,
  useIonViewDidEnter,
} from '@ionic/react';
import { apps, calendarOutline, film, gridOutline, arrowForward } from 'ionicons/icons';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { tutorialDestination, within } from '../first-visit';
import { enterTutorial, finishTutorial } from '../tutorial-flag';
import '../tutorial.css';

const SLIDES = [
  {
    icon: apps,
    title: 'Welcome to Northwind',
    text: 'This app shows what we build for our clients: fast, accessible apps that work on any device, online or off.',
  },
  {
    icon: film,
    title: 'Browse the movie demo',
    text: 'Search and filter a live movie list, keep favourites on your device, add a movie and share the list.',
  },
  {
    icon: calendarOutline,
    title: 'Plan your day',
    text: 'The Daily Activities schedule lists every session by time and track. Search it, filter it, and star what you want to see.',
  },
  {
    icon: gridOutline,
    title: 'Take a break',
    text: 'Play Minesweeper with mouse, touch or keyboard, watch our year in review, and explore live charts. Ready?',
  },
] as const;

const FINISH_WAIT_MS = 1500;

/** Swipeable introduction slides with Skip and Continue. */
export default function TutorialPage() {
  const router = useIonRouter();
  const slides = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const last = index === SLIDES.length - 1;

  // On mount as well as on each entry: Ionic may announce the first entry of a page shown without
  // an animation before the page's lifecycle subscription (made in an effect, which Preact runs
  // after the next frame) is in place.
  useEffect(() => {
    void enterTutorial();
  }, []);
  useIonViewDidEnter(() => {
    void enterTutorial();
  });

  const goTo = (next: number) => {
    const element = slides.current;
    const target = Math.max(0, Math.min(SLIDES.length - 1, next));
    setIndex(target);
    element?.scrollTo({ left: target * element.clientWidth });
  };

  const finish = async () => {
    // The visitor moves on once the flags are written, or after FINISH_WAIT_MS if device storage
    // is slow to answer (the writes go on): a Continue once stayed put for ten seconds in CI.
    await within(finishTutorial, FINISH_WAIT_MS, undefined);
    router.push(tutorialDestination(new URLSearchParams(window.location.search).get('next')), 'root', 'replace');
  };

  // A swipe ends where scroll snapping puts it; read the slide once scrolling has settled, so the
  // in-between positions of a smooth scroll do not fight the index set by the buttons.
  const settle = useRef<number | undefined>(undefined);
  const onScroll = () => {
    window.clearTimeout(settle.current);
    settle.current = window.setTimeout(() => {
      const element = slides.current;
      if (!element || element.clientWidth === 0) return;
      setIndex(Math.round(element.scrollLeft / element.clientWidth));
    }, 150);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight') goTo(index + 1);
    else if (event.key === 'ArrowLeft') goTo(index - 1);
    else return;
    event.preventDefault();
  };

  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          <IonTitle>Tutorial</IonTitle>
          <IonButtons slot="end">{!last && <IonButton onClick={() => void finish()}>Skip</IonButton>}</IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="tutorial-content" scrollY={false}>
        <div className="tutorial">
          <div
            ref={slides}
            className="tutorial-slides"
            onScroll={onScroll}
            onKeyDown={onKeyDown}
            tabIndex={0}
            role="region"
            aria-roledescription="carousel"
            aria-label="Introduction, use the arrow keys to change slides"
          >
            {SLIDES.map((slide, i) => (
              <section
                key={slide.title}
                className="tutorial-slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${SLIDES.length}`}
                aria-hidden={i !== index}
              >
                <div className="tutorial-slide__art" aria-hidden="true">
                  <IonIcon icon={slide.icon} />
                </div>
                <h2>{slide.title}</h2>
                <p>{slide.text}</p>
              </section>
            ))}
          </div>
          <div className="tutorial-footer">
            <ol className="tutorial-dots" aria-label="Slides">
              {SLIDES.map((slide, i) => (
                <li key={slide.title}>
                  <button
                    type="button"
                    className="tutorial-dot"
                    aria-label={`Slide ${i + 1}: ${slide.title}`}
                    aria-current={i === index ? 'step' : undefined}
                    onClick={() => goTo(i)}
                  />
                </li>
              ))}
            </ol>
            {last ? (
              <IonButton onClick={() => void finish()}>
                Continue
                <IonIcon slot="end" icon={arrowForward} aria-hidden="true" />
              </IonButton>
            ) : (
              <IonButton fill="outline" onClick={() => goTo(index + 1)}>
                Next
                <IonIcon slot="end" icon={arrowForward} aria-hidden="true" />
              </IonButton>
            )}
          </div>
        </div>
      </IonContent>
    </IonPage>
  );
}

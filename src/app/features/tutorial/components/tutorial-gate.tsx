import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { hideAppUntilChecked, revealApp } from '../arrival-curtain';
import { shouldShowTutorial, tutorialReturnPath } from '../first-visit';
import { hasSeenTutorial } from '../tutorial-flag';
import './tutorial-gate.css';

/**
 * Sends a first-time visitor of the app area to the tutorial, once (spec 3: hasSeenTutorial).
 * Checked on arrival only: after that the visitor goes where they like. A layout effect, so the
 * arrival page is hidden before its first paint while storage is read.
 */
export function TutorialGate() {
  const location = useLocation();
  const navigate = useNavigate();
  const checked = useRef(false);

  useLayoutEffect(() => {
    if (checked.current) return;
    checked.current = true;
    const arrivedAt = location.pathname;
    // Only arrivals that may be redirected are hidden; login or a shared chart link show at once.
    if (!shouldShowTutorial(arrivedAt, undefined)) return;
    hideAppUntilChecked();
    const returnTo = tutorialReturnPath(location.pathname, location.search);
    hasSeenTutorial()
      .then((seen) => {
        // The tutorial page reveals the app when it mounts (tutorial-flag.ts).
        if (shouldShowTutorial(arrivedAt, seen) && window.location.pathname === arrivedAt)
          navigate(returnTo ? `/tutorial?next=${encodeURIComponent(returnTo)}` : '/tutorial', { replace: true });
        else revealApp();
      })
      .catch(revealApp);
  }, [location.pathname, location.search, navigate]);

  return null;
}

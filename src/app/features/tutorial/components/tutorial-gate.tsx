import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { shouldShowTutorial, tutorialReturnPath } from '../first-visit';
import { hasSeenTutorial } from '../tutorial-flag';

/**
 * Sends a first-time visitor of the app area to the tutorial, once (spec 3: hasSeenTutorial).
 * Checked on arrival only: after that the visitor goes where they like.
 */
export function TutorialGate() {
  const location = useLocation();
  const navigate = useNavigate();
  const checked = useRef(false);

  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    const arrivedAt = location.pathname;
    const returnTo = tutorialReturnPath(location.pathname, location.search);
    void hasSeenTutorial().then((seen) => {
      if (shouldShowTutorial(arrivedAt, seen) && window.location.pathname === arrivedAt)
        navigate(returnTo ? `/tutorial?next=${encodeURIComponent(returnTo)}` : '/tutorial', { replace: true });
    });
  }, [location.pathname, location.search, navigate]);

  return null;
}

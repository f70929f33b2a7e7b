import { CONTENT_ICON_PATHS, isContentIconName } from './content-icons';

const FALLBACK_ICON = 'M12 3v18M3 12h18';

/**
 * One drawing of content-icons.ts, as the site shows it on a card and the console offers it in
 * its picker (a plain SVG, so the site needs no icon library and no Ionic). A name the site
 * cannot draw shows as a cross.
 */
export function ContentIcon({ name, size = 26 }: { name: string; size?: number }) {
  // data-icon names the drawing (the end-to-end tests check which one the page shows).
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-icon={name}>
      <path
        d={isContentIconName(name) ? CONTENT_ICON_PATHS[name] : FALLBACK_ICON}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The handful of icons the site header needs, inline so the site ships no icon library. */
interface IconProps {
  size?: number;
}

export function MoonIcon({ size = 22 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M21 14.5A9 9 0 0 1 9.5 3a.75.75 0 0 0-.96-.87A10.5 10.5 0 1 0 21.87 15.46a.75.75 0 0 0-.87-.96Z" />
    </svg>
  );
}

export function SunIcon({ size = 22 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4.5" fill="currentColor" />
      <path
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        d="M12 2v2.5M12 19.5V22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M2 12h2.5M19.5 12H22M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"
      />
    </svg>
  );
}

export function ChevronDownIcon({ size = 22 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" d="m6 9 6 6 6-6" />
    </svg>
  );
}

export function Logo() {
  // 100x50. textLength pins each word to its box whatever font the system has,
  // so the name can never run past the edge.
  return (
    <svg width="100" height="50" viewBox="0 0 100 50" role="img" aria-hidden="true" focusable="false">
      <rect x="1" y="11" width="28" height="28" rx="8" fill="var(--nw-brand)" />
      <path
        d="M8.5 32V18l13 14V18"
        fill="none"
        stroke="var(--nw-brand-contrast)"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text
        x="34"
        y="25"
        textLength="64"
        lengthAdjust="spacingAndGlyphs"
        fontFamily="var(--nw-font)"
        fontSize="13"
        fontWeight="700"
        fill="var(--nw-text)"
      >
        Northwind
      </text>
      <text
        x="34"
        y="36"
        textLength="64"
        lengthAdjust="spacingAndGlyphs"
        fontFamily="var(--nw-font)"
        fontSize="7.5"
        fontWeight="600"
        fill="var(--nw-text-muted)"
      >
        COMPUTER SVCS
      </text>
    </svg>
  );
}

export function StarIcon({ filled, size = 18 }: { filled: boolean; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="m12 2.8 2.8 5.8 6.3.8-4.6 4.4 1.2 6.3L12 17l-5.7 3.1 1.2-6.3-4.6-4.4 6.3-.8L12 2.8Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Small line icons used next to text (contact details, buttons, notices). */
const LINE_ICON_PATHS = {
  arrow: 'M5 12h14m-6-6 6 6-6 6',
  back: 'M19 12H5m6 6-6-6 6-6',
  mail: 'M4 6h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1Zm-1 1 9 6 9-6',
  phone: 'M5 4h3.5l1.5 4.5-2 1.5a11 11 0 0 0 6 6l1.5-2 4.5 1.5V19a1.5 1.5 0 0 1-1.5 1.5A16.5 16.5 0 0 1 3.5 5.5 1.5 1.5 0 0 1 5 4Z',
  pin: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4.5l3 2',
  check: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-4-9 2.8 2.8L16 9.5',
  cloudOff: 'M3 3l18 18M8 8.2A4.5 4.5 0 0 0 6.5 17H17m2.8-1.4A4.5 4.5 0 0 0 17.7 8 6 6 0 0 0 10 5.3',
  alert: 'M12 3 2 20h20L12 3Zm0 6v5m0 3h.01',
} as const;

export type LineIconName = keyof typeof LINE_ICON_PATHS;

export function LineIcon({ name, size = 20 }: { name: LineIconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={LINE_ICON_PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

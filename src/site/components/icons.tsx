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
  // 100x50 (spec 2 and 9).
  return (
    <svg width="100" height="50" viewBox="0 0 100 50" role="img" aria-hidden="true" focusable="false">
      <rect x="2" y="9" width="32" height="32" rx="9" fill="var(--nw-brand)" />
      <path
        d="M10 33V17l14 16V17"
        fill="none"
        stroke="var(--nw-brand-contrast)"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text x="40" y="23" fontFamily="var(--nw-font)" fontSize="11.5" fontWeight="700" fill="var(--nw-text)">
        Northwind
      </text>
      <text x="40" y="36" fontFamily="var(--nw-font)" fontSize="8" fontWeight="500" fill="var(--nw-text-muted)" letterSpacing="0.4">
        COMPUTER SVCS
      </text>
    </svg>
  );
}

/** The polite live region of `useLeftAnnouncement`: heard, not seen. */
export function LeftAnnouncement({ text }: { text: string }) {
  return (
    <p className="console-left-live" aria-live="polite">
      {text}
    </p>
  );
}

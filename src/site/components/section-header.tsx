import type { ReactNode } from 'react';

/** The eyebrow, heading and lead that open each content section. */
export function SectionHeader({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <div className="section-header">
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id}>{title}</h2>
      {children ? <p className="lead">{children}</p> : null}
    </div>
  );
}

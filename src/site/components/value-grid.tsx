import type { CoreValueItem } from '../../common/site-data';
import { ContentIcon } from '../../common/content-icon';

/** The core values as a grid of icon, title and description (landing and about). */
export function ValueGrid({ values }: { values: CoreValueItem[] }) {
  return (
    <ul className="value-grid">
      {values.map((value) => (
        <li key={value.id} className="value">
          <span className="icon-badge icon-badge--accent">
            <ContentIcon name={value.icon} size={24} />
          </span>
          <div>
            <h3>{value.title}</h3>
            <p className="muted">{value.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

import { Avatar } from '../components/avatar';
import { ContentPicture } from '../components/content-picture';
import { CtaBand } from '../components/cta-band';
import type { SitePageData } from '../../common/site-data';

export function TeamPage({ data }: { data: Extract<SitePageData, { page: 'team' }> }) {
  return (
    <>
      <section className="page-hero" aria-labelledby="team-title">
        <div className="page-hero__inner">
          <p className="eyebrow">The people who answer your call</p>
          <h1 id="team-title">Our Team</h1>
          <p className="lead">Engineers, teachers and problem solvers. Every one of them still takes help-desk calls.</p>
        </div>
      </section>
      <section className="page-section" aria-label="Team members">
        {data.members.length === 0 ? (
          <p className="muted">Our team page is being updated. Please check back soon.</p>
        ) : (
          <ul className="card-grid card-grid--team">
            {data.members.map((member) => (
              <li key={member.id} className="card member-card">
                {member.image ? (
                  // The name follows at once: the photo adds nothing a screen reader needs.
                  <ContentPicture image={member.image} alt="" sizes="64px" square={64} className="avatar avatar--md avatar--photo" />
                ) : (
                  <Avatar id={member.id} name={member.name} />
                )}
                <h2 className="member-card__name">
                  {/* The link covers the whole card (see .member-card a::after) so the card is one click target. */}
                  <a href={`/team/${encodeURIComponent(member.id)}`}>{member.name}</a>
                </h2>
                <p className="member-card__role">{member.role}</p>
                <ul className="chips" aria-label={`${member.name}'s skills`}>
                  {member.skills.map((skill) => (
                    <li key={skill}>{skill}</li>
                  ))}
                </ul>
                <p className="member-card__since muted">With us since {member.joinedYear}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CtaBand title="Want this team on your side?" texts={data.texts} />
    </>
  );
}

import { Avatar } from '../components/avatar';
import { ContentPicture } from '../components/content-picture';
import { LineIcon } from '../components/icons';
import { yearsSince } from '../lib/people';
import type { SitePageData } from '../../common/site-data';

export function MemberPage({ data }: { data: Extract<SitePageData, { page: 'member' }> }) {
  const { member } = data;
  if (!member) {
    return (
      <section className="page-section not-found" aria-labelledby="not-found-title">
        <p className="eyebrow">Error 404</p>
        <h1 id="not-found-title">Team member not found</h1>
        <p className="lead">
          We could not find anyone with the id “{data.requestedId}”. They may have moved on, or the link may be mistyped.
        </p>
        <p>
          <a className="button button--primary" href="/team">
            <LineIcon name="back" size={18} /> Back to Our Team
          </a>
        </p>
      </section>
    );
  }
  const years = yearsSince(member.joinedYear);
  const firstName = member.name.split(/\s+/)[0];
  return (
    <article className="page-section member" aria-labelledby="member-name">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <a href="/team">Our Team</a>
          </li>
          <li aria-current="page">{member.name}</li>
        </ol>
      </nav>
      <div className="member__layout">
        <div className="member__card card">
          {member.image ? (
            <ContentPicture
              image={member.image}
              alt={`Photo of ${member.name}`}
              sizes="112px"
              square={112}
              className="avatar avatar--lg avatar--photo"
            />
          ) : (
            <Avatar id={member.id} name={member.name} size="lg" />
          )}
          <h1 id="member-name">{member.name}</h1>
          <p className="member__role">{member.role}</p>
          <a className="button button--primary" href={`mailto:${member.email}`}>
            <LineIcon name="mail" size={18} /> Email {firstName}
          </a>
        </div>
        <div className="member__body">
          <h2>About {firstName}</h2>
          <p className="member__bio">{member.bio}</p>
          <h2>Skills</h2>
          <ul className="chips chips--large">
            {member.skills.map((skill) => (
              <li key={skill}>{skill}</li>
            ))}
          </ul>
          <dl className="member__facts">
            <div>
              <dt>Joined Northwind</dt>
              <dd>{member.joinedYear}</dd>
            </div>
            <div>
              <dt>Years with us</dt>
              <dd>{years === 0 ? 'New this year' : years}</dd>
            </div>
          </dl>
          <p>
            <a href="/team" className="back-link">
              <LineIcon name="back" size={18} /> Back to Our Team
            </a>
          </p>
        </div>
      </div>
    </article>
  );
}

import type { SitePageData } from '../site-data';

export function MemberPage({ data }: { data: Extract<SitePageData, { page: 'member' }> }) {
  if (!data.member) {
    return (
      <section className="page-section">
        <h1>Team member not found</h1>
        <p>
          We could not find anyone with the id “{data.requestedId}”. <a href="/team">Back to Our Team</a>
        </p>
      </section>
    );
  }
  return (
    <section className="page-section">
      <h1>{data.member.name}</h1>
    </section>
  );
}

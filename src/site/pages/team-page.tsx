import type { SitePageData } from '../site-data';

export function TeamPage({ data }: { data: Extract<SitePageData, { page: 'team' }> }) {
  void data;
  return (
    <section className="page-section">
      <h1>Our Team</h1>
    </section>
  );
}

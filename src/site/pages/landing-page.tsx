import type { SitePageData } from '../site-data';

export function LandingPage({ data }: { data: Extract<SitePageData, { page: 'landing' }> }) {
  void data;
  return (
    <section className="page-section">
      <h1>IT support that just works</h1>
    </section>
  );
}

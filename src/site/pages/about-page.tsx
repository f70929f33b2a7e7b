import type { SitePageData } from '../site-data';

export function AboutPage({ data }: { data: Extract<SitePageData, { page: 'about' }> }) {
  void data;
  return (
    <section className="page-section">
      <h1>About Us</h1>
    </section>
  );
}

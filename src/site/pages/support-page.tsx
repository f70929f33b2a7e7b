import type { SitePageData } from '../site-data';

export function SupportPage({ data }: { data: Extract<SitePageData, { page: 'support' }> }) {
  void data;
  return (
    <section className="page-section">
      <h1>Contact Us</h1>
    </section>
  );
}

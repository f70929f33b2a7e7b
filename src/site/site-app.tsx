import { useEffect } from 'react';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { startOutboxSync } from './lib/outbox-store';
import { AboutPage } from './pages/about-page';
import { LandingPage } from './pages/landing-page';
import { MemberPage } from './pages/member-page';
import { SupportPage } from './pages/support-page';
import { TeamPage } from './pages/team-page';
import type { SitePageData } from '../common/site-data';

const PATHS: Record<SitePageData['page'], string> = {
  landing: '/',
  about: '/about',
  team: '/team',
  member: '/team',
  support: '/support',
};

/** The site's whole tree: the full header, the page, the footer. No router: the server picked the page. */
export function SiteApp({ data }: { data: SitePageData }) {
  useEffect(() => {
    // Lets tests (and curious developers) see that hydration has finished.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // Any site page delivers Contact Us messages still queued on this device (spec: never lost).
  useEffect(() => startOutboxSync(), []);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader path={PATHS[data.page]} />
      <main id="main" tabIndex={-1}>
        <Page data={data} />
      </main>
      <SiteFooter />
    </>
  );
}

function Page({ data }: { data: SitePageData }) {
  switch (data.page) {
    case 'landing':
      return <LandingPage data={data} />;
    case 'about':
      return <AboutPage data={data} />;
    case 'team':
      return <TeamPage data={data} />;
    case 'member':
      return <MemberPage data={data} />;
    case 'support':
      return <SupportPage data={data} />;
  }
}

import { useEffect } from 'react';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { startOutboxSync } from './lib/outbox-store';
import { AboutPage } from './pages/about-page';
import type * as NewsPagesModule from './news-pages';
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
  news: '/news',
  article: '/news',
};

/** The news pages' module (news-pages.ts), given by the entry that loaded it. */
export type NewsPages = typeof NewsPagesModule;

/**
 * The site's whole tree: the full header, the page, the footer. No router: the server picked the
 * page. `newsPages` is needed on the news pages only.
 */
export function SiteApp({ data, newsPages }: { data: SitePageData; newsPages?: NewsPages }) {
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
        <Page data={data} newsPages={newsPages} />
      </main>
      <SiteFooter texts={data.texts} />
    </>
  );
}

function Page({ data, newsPages }: { data: SitePageData; newsPages?: NewsPages }) {
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
    case 'news':
      return newsPages ? <newsPages.NewsPage data={data} /> : null;
    case 'article':
      return newsPages ? <newsPages.ArticlePage data={data} /> : null;
  }
}

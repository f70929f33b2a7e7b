import { useEffect } from 'react';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { OUTBOX_STORAGE_KEY } from './lib/outbox-key';
import { AboutPage } from './pages/about-page';
import type * as NewsPagesModule from './news-pages';
import type * as SupportPagesModule from './support-pages';
import type * as TeamPagesModule from './team-pages';
import { LandingPage } from './pages/landing-page';
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
/** The Contact Us page's module (support-pages.ts), likewise. */
export type SupportPages = typeof SupportPagesModule;
/** Our Team's and the members' pages (team-pages.ts), likewise. */
export type TeamPages = typeof TeamPagesModule;

/** The page modules loaded on their own: each given on its pages only. */
export interface LazyPages {
  news?: NewsPages;
  support?: SupportPages;
  team?: TeamPages;
}

/** Whether a Contact Us message waits on this device (read without loading the outbox's code). */
function messageWaits(): boolean {
  try {
    const stored = localStorage.getItem(OUTBOX_STORAGE_KEY);
    return stored !== null && stored !== '[]';
  } catch {
    return false;
  }
}

/**
 * The site's whole tree: the full header, the page, the footer. No router: the server picked the
 * page. `pages.news` is needed on the news pages only, `pages.support` on Contact Us, `pages.team`
 * on Our Team and a member's page.
 */
export function SiteApp({ data, pages }: { data: SitePageData; pages: LazyPages }) {
  useEffect(() => {
    // Lets tests (and curious developers) see that hydration has finished.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // Any site page delivers Contact Us messages still queued on this device (spec: never lost):
  // Contact Us has the outbox with its page; elsewhere it loads only when a message waits.
  useEffect(() => {
    if (pages.support) return pages.support.startOutboxSync();
    if (!messageWaits()) return undefined;
    let stop: (() => void) | undefined;
    let active = true;
    void import('./lib/outbox-store').then((outbox) => {
      if (active) stop = outbox.startOutboxSync();
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [pages.support]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader path={PATHS[data.page]} />
      <main id="main" tabIndex={-1}>
        <Page data={data} pages={pages} />
      </main>
      <SiteFooter texts={data.texts} />
    </>
  );
}

function Page({ data, pages }: { data: SitePageData; pages: LazyPages }) {
  switch (data.page) {
    case 'landing':
      return <LandingPage data={data} />;
    case 'about':
      return <AboutPage data={data} />;
    case 'team':
      return pages.team ? <pages.team.TeamPage data={data} /> : null;
    case 'member':
      return pages.team ? <pages.team.MemberPage data={data} /> : null;
    case 'support':
      return pages.support ? <pages.support.SupportPage data={data} /> : null;
    case 'news':
      return pages.news ? <pages.news.NewsPage data={data} /> : null;
    case 'article':
      return pages.news ? <pages.news.ArticlePage data={data} /> : null;
  }
}

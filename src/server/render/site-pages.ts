import type { FastifyInstance } from 'fastify';
import { COMPANY } from '../../common/constants';
import type { HeadData, SitePageData } from '../../site/site-data';

export interface ResolvedSitePage {
  status: number;
  data: SitePageData;
  head: HeadData;
}

const organization = (publicUrl: string) => ({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: COMPANY.name,
  url: publicUrl,
  logo: `${publicUrl}/icons/icon-512.png`,
  email: COMPANY.email,
  telephone: COMPANY.phone,
});

/**
 * Chooses the site page for a path and loads what it shows. Returns null for paths that are not
 * site pages.
 */
export async function resolveSitePage(
  app: FastifyInstance,
  pathname: string,
  query: Record<string, string | undefined>,
): Promise<ResolvedSitePage | null> {
  const publicUrl = app.config.publicUrl;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const base = { jsonLd: [organization(publicUrl)] };

  if (path === '/' || path === '/landing') {
    return {
      status: 200,
      data: { page: 'landing', services: [], coreValues: [], clientReviews: [] },
      head: { ...base, title: `${COMPANY.name}: IT support, cloud and security`, description: COMPANY.tagline, canonicalPath: '/' },
    };
  }
  if (path === '/about') {
    return {
      status: 200,
      data: { page: 'about', coreValues: [], teamCount: 0 },
      head: {
        ...base,
        title: `About Us | ${COMPANY.name}`,
        description: `Who we are and how we work at ${COMPANY.name}.`,
        canonicalPath: '/about',
      },
    };
  }
  if (path === '/team') {
    return {
      status: 200,
      data: { page: 'team', members: [] },
      head: { ...base, title: `Our Team | ${COMPANY.name}`, description: `Meet the engineers of ${COMPANY.name}.`, canonicalPath: '/team' },
    };
  }
  const member = /^\/team\/([^/]+)$/.exec(path);
  if (member) {
    const requestedId = decodeURIComponent(member[1]!);
    return {
      status: 404,
      data: { page: 'member', member: null, requestedId },
      head: {
        ...base,
        title: `Team member not found | ${COMPANY.name}`,
        description: 'This team member could not be found.',
        canonicalPath: path,
        robots: 'noindex',
      },
    };
  }
  if (path === '/support') {
    return {
      status: 200,
      data: { page: 'support', subject: (query.subject ?? '').slice(0, 150) },
      head: {
        ...base,
        title: `Contact Us | ${COMPANY.name}`,
        description: `Send ${COMPANY.name} a message; we answer within one working day.`,
        canonicalPath: '/support',
      },
    };
  }
  return null;
}

import { variantFor } from '../../../common/content-images';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { COMPANY } from '../../../common/constants';
import { trimTrailingSlashes } from '../../../common/routes';
import type { HeadData, SitePageData, SupportFormState, TeamMemberItem } from '../../../common/site-data';
import type { ContentTopic } from '../cache/content-version';
import { cachedContent } from '../../content/index';

export interface ResolvedSitePage {
  status: number;
  data: SitePageData;
  head: HeadData;
}

const organization = (publicUrl: string) => ({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  '@id': `${publicUrl}/#organization`,
  name: COMPANY.name,
  url: `${publicUrl}/`,
  logo: `${publicUrl}/icons/icon-512.png`,
  email: COMPANY.email,
  telephone: COMPANY.phone,
  address: {
    '@type': 'PostalAddress',
    streetAddress: '42 Harbour Street',
    addressLocality: 'Portland',
    addressRegion: 'OR',
    postalCode: '97204',
    addressCountry: 'US',
  },
});

/** schema.org Person for a member's page, tied to the Organization above. */
export const personJsonLd = (publicUrl: string, member: TeamMemberItem) => ({
  '@context': 'https://schema.org',
  '@type': 'Person',
  name: member.name,
  jobTitle: member.role,
  description: member.bio,
  email: member.email,
  knowsAbout: member.skills,
  url: `${publicUrl}/team/${encodeURIComponent(member.id)}`,
  worksFor: { '@id': `${publicUrl}/#organization` },
  ...(member.image ? { image: `${publicUrl}${variantFor(member.image, Infinity)!.url}` } : {}),
});

/** The first sentence of a text, for meta descriptions (search engines show about 155 characters). */
export function summarise(text: string, max = 155): string {
  const sentence = /^.*?[.!?](\s|$)/.exec(text)?.[0]?.trim() ?? text;
  return sentence.length <= max ? sentence : `${sentence.slice(0, max - 1).trimEnd()}…`;
}

const NOTICES = new Set<SupportFormState['notice']>(['sent', 'invalid', 'rate_limited', 'unavailable']);
const FORM_FIELDS = new Set(['name', 'email', 'subject', 'message']);

/** The Contact Us page's starting state from its query (subject prefill, no-JS post outcome). */
export function supportFormState(query: Record<string, string | undefined>, formToken = ''): SupportFormState {
  const invalidFields = (query.invalid ?? '').split(',').filter((field) => FORM_FIELDS.has(field));
  let notice: SupportFormState['notice'] = null;
  if (query.sent === '1') notice = 'sent';
  else if (invalidFields.length > 0) notice = 'invalid';
  else if (NOTICES.has(query.error as SupportFormState['notice'])) notice = query.error as SupportFormState['notice'];
  return { idempotencyKey: randomUUID(), formToken, notice, invalidFields };
}

const MEMBER_PATH = /^\/team\/([^/]+)$/;

function memberId(path: string): string | null {
  const match = MEMBER_PATH.exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}

const STATIC_PAGES: Record<string, { key: string; topics: ContentTopic[] }> = {
  '/': { key: '/', topics: ['services', 'core-values', 'client-reviews'] },
  '/landing': { key: '/', topics: ['services', 'core-values', 'client-reviews'] },
  '/about': { key: '/about', topics: ['core-values', 'team-members'] },
  '/team': { key: '/team', topics: ['team-members'] },
};

/**
 * Whether a site page is the same for every visitor, and if so under which key and topics it is
 * cached. The contact page (a fresh idempotency key and the query's notice) and the page of an
 * unknown member (any text can be asked for) are rendered per request.
 */
export async function cacheablePage(app: FastifyInstance, path: string): Promise<{ key: string; topics: ContentTopic[] } | null> {
  const known = STATIC_PAGES[path];
  if (known) return known;
  const id = memberId(path);
  if (id === null || id.length > 80) return null;
  const member = await cachedContent(app).teamMember(id);
  return member ? { key: `/team/${member.id}`, topics: ['team-members'] } : null;
}

/**
 * Chooses the site page for a path and loads what it shows (from the content cache, read from
 * the database once per content version), so the first HTML holds the content. Returns null
 * for paths that are not site pages.
 */
export async function resolveSitePage(
  app: FastifyInstance,
  pathname: string,
  query: Record<string, string | undefined>,
): Promise<ResolvedSitePage | null> {
  const publicUrl = app.config.publicUrl;
  const content = cachedContent(app);
  const path = trimTrailingSlashes(pathname);
  const base = { jsonLd: [organization(publicUrl)] };

  if (path === '/' || path === '/landing') {
    const [services, coreValues, clientReviews] = await Promise.all([content.services(), content.coreValues(), content.clientReviews()]);
    return {
      status: 200,
      data: { page: 'landing', services, coreValues, clientReviews },
      head: {
        ...base,
        title: `${COMPANY.name}: IT support, cloud and security`,
        description: `${COMPANY.tagline} Managed IT support, cloud migration, cybersecurity and networks for small businesses.`,
        canonicalPath: '/',
      },
    };
  }
  if (path === '/about') {
    const [coreValues, members] = await Promise.all([content.coreValues(), content.teamMembers()]);
    const teamCount = members.length;
    return {
      status: 200,
      data: { page: 'about', coreValues, teamCount },
      head: {
        ...base,
        title: `About Us | ${COMPANY.name}`,
        description: `How ${COMPANY.name} grew from a garage help desk into the IT team of local businesses, and the values we work by.`,
        canonicalPath: '/about',
      },
    };
  }
  if (path === '/team') {
    const members = await content.teamMembers();
    return {
      status: 200,
      data: { page: 'team', members },
      head: {
        ...base,
        title: `Our Team | ${COMPANY.name}`,
        description: `Meet the ${members.length} engineers and specialists of ${COMPANY.name}.`,
        canonicalPath: '/team',
      },
    };
  }
  const requestedId = memberId(path);
  if (requestedId !== null) {
    const member = requestedId.length <= 80 ? await content.teamMember(requestedId) : null;
    if (!member) {
      return {
        status: 404,
        data: { page: 'member', member: null, requestedId: requestedId.slice(0, 80) },
        head: {
          ...base,
          title: `Team member not found | ${COMPANY.name}`,
          description: 'This team member could not be found.',
          canonicalPath: '/team',
          robots: 'noindex',
        },
      };
    }
    const memberPath = `/team/${encodeURIComponent(member.id)}`;
    return {
      status: 200,
      data: { page: 'member', member, requestedId },
      head: {
        jsonLd: [...base.jsonLd, personJsonLd(publicUrl, member)],
        title: `${member.name}, ${member.role} | ${COMPANY.name}`,
        description: summarise(member.bio),
        canonicalPath: memberPath,
        ogType: 'profile',
      },
    };
  }
  if (path === '/support') {
    return {
      status: 200,
      data: {
        page: 'support',
        subject: (query.subject ?? '').trim().slice(0, 150),
        form: supportFormState(query, app.inbox.issueFormToken()),
      },
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

import { variantFor } from '../../../common/content-images';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { trimTrailingSlashes } from '../../../common/routes';
import type { HeadData, SitePageData, SupportFormState, TeamMemberItem } from '../../../common/site-data';
import type { ContentTopic } from '../cache/content-version';
import { type CachedContent, cachedContent } from '../../content/index';
import { cachedNews, newsCacheablePage, resolveNewsPage } from '../../news/index';
import { DEFAULT_SITE_TEXTS, type SeoPage, type SiteTexts } from '../../../common/site-texts';
import { cachedSiteTexts } from '../../site-texts/index';
import { openingHoursSpecificationOf } from './opening-hours';

export interface ResolvedSitePage {
  status: number;
  data: SitePageData;
  head: HeadData;
}

/**
 * The company as schema.org sees it, from the published site texts: a LocalBusiness (an
 * Organization with a place and hours, which is what search engines show for a local firm).
 * Hours that read as days and times are its openingHoursSpecification; any other text stays
 * the help desk's hoursAvailable, as written.
 */
export const organization = (publicUrl: string, texts: SiteTexts = DEFAULT_SITE_TEXTS) => {
  const hours = openingHoursSpecificationOf(texts.openingHours);
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${publicUrl}/#organization`,
    name: texts.companyName,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/icons/icon-512.png`,
    email: texts.email,
    telephone: texts.telephone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: texts.streetAddress,
      addressLocality: texts.locality,
      ...(texts.region ? { addressRegion: texts.region } : {}),
      ...(texts.postalCode ? { postalCode: texts.postalCode } : {}),
      addressCountry: texts.country,
    },
    ...(hours ? { openingHoursSpecification: hours } : {}),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      telephone: texts.telephone,
      email: texts.email,
      ...(hours ? {} : { hoursAvailable: texts.openingHours }),
    },
  };
};

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
  '/': { key: '/', topics: ['services', 'core-values', 'client-reviews', 'news', 'team-members'] },
  '/landing': { key: '/', topics: ['services', 'core-values', 'client-reviews', 'news', 'team-members'] },
  '/about': { key: '/about', topics: ['core-values', 'team-members'] },
  '/team': { key: '/team', topics: ['team-members'] },
};

/**
 * The key a page the same for every visitor would be cached under, without reading anything:
 * for the hot path, which sends the prepared page when one is current under that key. (A member
 * page is only ever prepared for a member who exists, so a key with no entry falls through to
 * `cacheablePage`.)
 */
export function preparedPageKey(path: string): string | null {
  if (Object.hasOwn(STATIC_PAGES, path)) return STATIC_PAGES[path]!.key;
  const id = memberId(path);
  return id === null || id.length > 80 ? null : `/team/${id}`;
}

/**
 * Whether a site page is the same for every visitor, and if so under which key and topics it is
 * cached. The contact page (a fresh idempotency key and the query's notice) and the page of an
 * unknown member (any text can be asked for) are rendered per request.
 */
export async function cacheablePage(app: FastifyInstance, path: string): Promise<{ key: string; topics: ContentTopic[] } | null> {
  const page = await cacheableBy(app, path);
  // Every page shows the site texts (its head, the footer, the JSON-LD).
  return page ? { ...page, topics: [...page.topics, 'site-texts'] } : null;
}

async function cacheableBy(app: FastifyInstance, path: string): Promise<{ key: string; topics: ContentTopic[] } | null> {
  const known = STATIC_PAGES[path];
  if (known) return known;
  const article = await newsCacheablePage(app, path);
  if (article) return article;
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
  // A preview passes the published content with a draft in it, or draft site texts.
  content: CachedContent = cachedContent(app),
  draftTexts?: SiteTexts,
): Promise<ResolvedSitePage | null> {
  const texts = draftTexts ?? (await cachedSiteTexts(app));
  const path = trimTrailingSlashes(pathname);
  const page = await resolvePage(app, path, query, content, texts);
  if (!page) return null;
  return { ...page, data: { ...page.data, texts }, head: withSeoTexts(page.head, SEO_PATHS[path], texts, app.config.publicUrl) };
}

const SEO_PATHS: Record<string, SeoPage | undefined> = {
  '/': 'landing',
  '/landing': 'landing',
  '/about': 'about',
  '/team': 'team',
  '/support': 'support',
  '/news': 'news',
};

/** A page's search and link-preview texts as staff set them; each one left empty keeps the page's own. */
export function withSeoTexts(head: HeadData, page: SeoPage | undefined, texts: SiteTexts, publicUrl: string): HeadData {
  if (!page) return head;
  const title = texts[`${page}Title`];
  const description = texts[`${page}Description`];
  const image = texts[`${page}Image`];
  return {
    ...head,
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(image ? { ogImage: { url: image.startsWith('/') ? `${publicUrl}${image}` : image, alt: '' } } : {}),
  };
}

async function resolvePage(
  app: FastifyInstance,
  path: string,
  query: Record<string, string | undefined>,
  content: CachedContent,
  texts: SiteTexts,
): Promise<ResolvedSitePage | null> {
  const publicUrl = app.config.publicUrl;
  const base = { jsonLd: [organization(publicUrl, texts)], siteName: texts.companyName };
  const company = texts.companyName;

  if (path === '/' || path === '/landing') {
    const [services, coreValues, clientReviews, news] = await Promise.all([
      content.services(),
      content.coreValues(),
      content.clientReviews(),
      cachedNews(app).summaries(),
    ]);
    return {
      status: 200,
      data: { page: 'landing', services, coreValues, clientReviews, news: news.slice(0, 3) },
      head: {
        ...base,
        title: `${company}: IT support, cloud and security`,
        description:
          'Computers that just work, for people who have better things to do. Managed IT support, cloud migration, cybersecurity and networks for small businesses.',
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
        title: `About Us | ${company}`,
        description: `How ${company} grew from a garage help desk into the IT team of local businesses, and the values we work by.`,
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
        title: `Our Team | ${company}`,
        description: `Meet the ${members.length} engineers and specialists of ${company}.`,
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
          title: `Team member not found | ${company}`,
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
        title: `${member.name}, ${member.role} | ${company}`,
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
        title: `Contact Us | ${company}`,
        description: `Send ${company} a message; we answer within one working day.`,
        canonicalPath: '/support',
      },
    };
  }
  return resolveNewsPage(app, path, query, { organization: organization(publicUrl, texts), name: texts.companyName });
}

import type { FastifyInstance } from 'fastify';
import type { ContentKind } from '../../common/content-schemas';
import type { TeamMemberItem } from '../../common/site-data';
import { type CachedContent, cachedContent } from '../content/index';
import type { Fields } from '../platform/publishing/index';

/** The published items with the draft in the place of its item (at the end when it is new). */
export function withDraft<T extends { id: string }>(items: readonly T[], id: string, fields: Fields): T[] {
  const index = items.findIndex((item) => item.id === id);
  const merged = { ...(index >= 0 ? items[index] : { image: null }), ...fields, id } as unknown as T;
  return index >= 0 ? items.map((item, at) => (at === index ? merged : item)) : [...items, merged];
}

/** The site's content as it will be once this draft is published: what a preview renders. */
export function contentWithDraft(app: FastifyInstance, kind: ContentKind, id: string, fields: Fields): CachedContent {
  const published = cachedContent(app);
  const team = async (): Promise<TeamMemberItem[]> =>
    kind === 'team-members' ? withDraft(await published.teamMembers(), id, fields) : published.teamMembers();
  return {
    services: async () => (kind === 'services' ? withDraft(await published.services(), id, fields) : published.services()),
    coreValues: async () => (kind === 'core-values' ? withDraft(await published.coreValues(), id, fields) : published.coreValues()),
    clientReviews: async () =>
      kind === 'client-reviews' ? withDraft(await published.clientReviews(), id, fields) : published.clientReviews(),
    teamMembers: team,
    teamMember: async (memberId) => (await team()).find((member) => member.id === memberId) ?? null,
  };
}

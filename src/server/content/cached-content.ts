import type { FastifyInstance } from 'fastify';
import type { TeamMemberItem } from '../../common/site-data';
import { clientReviewsRepository } from './client-reviews-repository';
import { coreValuesRepository } from './core-values-repository';
import { servicesRepository } from './services-repository';
import { teamMembersRepository } from './team-members-repository';

/**
 * The company content as the pages and the API use it, read from the database once per
 * content version (src/server/platform/cache): the same arrays feed the JSON answers, the rendered
 * pages and the sitemap.
 */
export function cachedContent(app: FastifyInstance) {
  const { cache } = app.contentChanges;
  const { db } = app.database;
  const team = () =>
    cache.get('data:team-members', ['team-members'], async () => {
      const members = await teamMembersRepository(db).list();
      return { members, byId: new Map(members.map((member) => [member.id, member])) };
    });
  return {
    services: () => cache.get('data:services', ['services'], () => servicesRepository(db).list()),
    coreValues: () => cache.get('data:core-values', ['core-values'], () => coreValuesRepository(db).list()),
    clientReviews: () => cache.get('data:client-reviews', ['client-reviews'], () => clientReviewsRepository(db).list()),
    teamMembers: async (): Promise<TeamMemberItem[]> => (await team()).members,
    teamMember: async (id: string): Promise<TeamMemberItem | null> => (await team()).byId.get(id) ?? null,
  };
}

export type CachedContent = ReturnType<typeof cachedContent>;

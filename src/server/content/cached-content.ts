import type { FastifyInstance } from 'fastify';
import type { TeamMemberItem } from '../../site/site-data';
import { listClientReviews } from './client-reviews-repository';
import { listCoreValues } from './core-values-repository';
import { listServices } from './services-repository';
import { listTeamMembers } from './team-members-repository';

/**
 * The company content as the pages and the API use it, read from the database once per
 * content version (src/server/cache): the same arrays feed the JSON answers, the rendered
 * pages and the sitemap.
 */
export function cachedContent(app: FastifyInstance) {
  const { cache } = app.contentChanges;
  const { db } = app.database;
  const team = () =>
    cache.get('data:team-members', ['team-members'], async () => {
      const members = await listTeamMembers(db);
      return { members, byId: new Map(members.map((member) => [member.id, member])) };
    });
  return {
    services: () => cache.get('data:services', ['services'], () => listServices(db)),
    coreValues: () => cache.get('data:core-values', ['core-values'], () => listCoreValues(db)),
    clientReviews: () => cache.get('data:client-reviews', ['client-reviews'], () => listClientReviews(db)),
    teamMembers: async (): Promise<TeamMemberItem[]> => (await team()).members,
    teamMember: async (id: string): Promise<TeamMemberItem | null> => (await team()).byId.get(id) ?? null,
  };
}

export type CachedContent = ReturnType<typeof cachedContent>;

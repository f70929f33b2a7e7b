/** What the rest of the server may use of the company content (services, core values, reviews, team members) (docs/decisions/0005). */
export { type CachedContent, cachedContent } from './cached-content';
export { parseSkills } from './team-members-repository';

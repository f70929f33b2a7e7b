import type { Kysely } from 'kysely';
import type { Database, TeamMemberRow } from '../db/schema';
import type { TeamMemberItem } from '../../site/site-data';

const COLUMNS = ['id', 'name', 'role', 'bio', 'email', 'skills', 'joined_year'] as const;

/** Skills are stored as JSON text; a damaged value shows as no skills rather than a broken page. */
export function parseSkills(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function toItem(row: Pick<TeamMemberRow, (typeof COLUMNS)[number]>): TeamMemberItem {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    bio: row.bio,
    email: row.email,
    skills: parseSkills(row.skills),
    joinedYear: Number(row.joined_year),
  };
}

/** The team (spec 3 Our_Team), in display order. */
export async function listTeamMembers(db: Kysely<Database>): Promise<TeamMemberItem[]> {
  const rows = await db.selectFrom('team_members').select(COLUMNS).orderBy('position').orderBy('id').execute();
  return rows.map(toItem);
}

/** One member (spec 3 Our_Team/{id}), or null when there is none with that id. */
export async function findTeamMember(db: Kysely<Database>, id: string): Promise<TeamMemberItem | null> {
  const row = await db.selectFrom('team_members').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toItem(row) : null;
}

export async function countTeamMembers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('team_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

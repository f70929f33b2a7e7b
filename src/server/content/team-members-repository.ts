import type { Kysely } from 'kysely';
import type { Database, TeamMemberRow } from '../platform/db/schema';
import { imagesRepository } from '../images/index';
import type { TeamMemberItem } from '../../common/site-data';

const COLUMNS = ['id', 'name', 'role', 'bio', 'email', 'skills', 'joined_year', 'image_id'] as const;

/** Skills are stored as JSON text; a damaged value shows as no skills rather than a broken page. */
export function parseSkills(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

type Row = Pick<TeamMemberRow, (typeof COLUMNS)[number]>;

async function toItems(db: Kysely<Database>, rows: Row[]): Promise<TeamMemberItem[]> {
  const images = await imagesRepository(db).describe(rows.map((row) => row.image_id));
  return rows.map((row) => toItem(row, row.image_id ? (images.get(row.image_id) ?? null) : null));
}

function toItem(row: Row, image: TeamMemberItem['image']): TeamMemberItem {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    bio: row.bio,
    email: row.email,
    skills: parseSkills(row.skills),
    joinedYear: Number(row.joined_year),
    image,
  };
}

/** The site's reads of the team_members table (one member is found in the cached list). */
export function teamMembersRepository(db: Kysely<Database>) {
  return {
    /** The team in display order. */
    async list(): Promise<TeamMemberItem[]> {
      const rows = await db.selectFrom('team_members').select(COLUMNS).orderBy('position').orderBy('id').execute();
      return toItems(db, rows);
    },
  };
}

import type { ContentKind } from '../../common/content-schemas';
import { parseSkills } from '../content/index';

/**
 * How each kind of company content maps between the API's items and its table's columns.
 * Every table also has id, position and version.
 */
export interface ContentKindMap {
  table: 'services' | 'core_values' | 'client_reviews' | 'team_members';
  /** The audit log's item type. */
  itemType: string;
  /** The field a new item's id is made from (ids appear in addresses, e.g. /team/:id). */
  idFrom: string;
  toRow(item: Record<string, unknown>): Record<string, unknown>;
  fromRow(row: Record<string, unknown>): Record<string, unknown>;
}

const same: Pick<ContentKindMap, 'toRow' | 'fromRow'> = {
  toRow: (item) => ({ ...item }),
  fromRow: ({ id: _id, position: _position, version: _version, ...fields }) => fields,
};

export const CONTENT_KIND_MAPS: Record<ContentKind, ContentKindMap> = {
  services: {
    table: 'services',
    itemType: 'service',
    idFrom: 'title',
    toRow: same.toRow,
    fromRow: ({ id: _id, position: _position, version: _version, image_id, ...fields }) => ({ ...fields, imageId: image_id ?? null }),
  },
  'core-values': { table: 'core_values', itemType: 'core_value', idFrom: 'title', ...same },
  'client-reviews': {
    table: 'client_reviews',
    itemType: 'client_review',
    idFrom: 'company',
    toRow: (item) => ({ ...item }),
    fromRow: ({ id: _id, position: _position, version: _version, rating, ...fields }) => ({ ...fields, rating: Number(rating) }),
  },
  'team-members': {
    table: 'team_members',
    itemType: 'team_member',
    idFrom: 'name',
    toRow: ({ skills, joinedYear, ...fields }) => ({ ...fields, skills: JSON.stringify(skills ?? []), joined_year: joinedYear }),
    fromRow: ({ id: _id, position: _position, version: _version, skills, joined_year, image_id, ...fields }) => ({
      ...fields,
      skills: parseSkills(String(skills)),
      joinedYear: Number(joined_year),
      imageId: image_id ?? null,
    }),
  },
};

/** An address-friendly id from a name: "Maya Chen" -> "maya-chen". */
export function slugFor(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'item';
}

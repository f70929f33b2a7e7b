import { CONTENT_ITEM_TYPES } from '../../../../common/audit-catalogue';
import type { ContentKind } from '../../../../common/content-schemas';

export interface ContentSection {
  kind: ContentKind;
  /** "Service": one item, as a label starts. */
  one: string;
  /** "Services": the list's title. */
  many: string;
  /** The console page of the list. */
  path: string;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The console's content lists by audit item type, in the site's order, from the shared list of content types. */
export const CONTENT_SECTIONS: Readonly<Record<string, ContentSection>> = Object.fromEntries(
  Object.entries(CONTENT_ITEM_TYPES).map(([itemType, words]) => [
    itemType,
    { kind: words.kind, one: capitalized(words.one), many: capitalized(words.many), path: `/admin/content/${words.kind}` },
  ]),
);

/** The section of an audit entry's item type, or undefined when the item is not company content. */
export const contentSectionOf = (itemType: string): ContentSection | undefined =>
  Object.hasOwn(CONTENT_SECTIONS, itemType) ? CONTENT_SECTIONS[itemType] : undefined;

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The settings admins change in the console, with their values before anyone changed them. */
export const SETTING_DEFAULTS = {
  signUpOpen: true,
  /** Staff and admin accounts must use two-step sign-in to reach the console (decision 0111). */
  staffTwoStepRequired: false,
} as const;
export type Settings = { [K in keyof typeof SETTING_DEFAULTS]: (typeof SETTING_DEFAULTS)[K] extends boolean ? boolean : never };
export type SettingKey = keyof Settings;

/** All SQL for the settings table (one row per key, JSON values). */
export function settingsRepository(db: Kysely<Database>) {
  /** A stored value of the default's type, or the default (never set, or written by another version). */
  function valueOf<K extends SettingKey>(key: K, stored: string | undefined): Settings[K] {
    if (stored === undefined) return SETTING_DEFAULTS[key];
    const value = JSON.parse(stored) as unknown;
    return typeof value === typeof SETTING_DEFAULTS[key] ? (value as Settings[K]) : SETTING_DEFAULTS[key];
  }

  async function get<K extends SettingKey>(key: K): Promise<Settings[K]> {
    const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return valueOf(key, row?.value);
  }

  return {
    get,

    /** Every setting in one query; a new key needs no change here. */
    async all(): Promise<Settings> {
      const keys = Object.keys(SETTING_DEFAULTS) as SettingKey[];
      const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute();
      const stored = new Map(rows.map((row) => [row.key, row.value]));
      return Object.fromEntries(keys.map((key) => [key, valueOf(key, stored.get(key))])) as Settings;
    },

    async set<K extends SettingKey>(key: K, value: Settings[K], updatedBy: string | null, now: string): Promise<void> {
      await db
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value), updated_at: now, updated_by: updatedBy })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: now, updated_by: updatedBy }))
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof settingsRepository>;

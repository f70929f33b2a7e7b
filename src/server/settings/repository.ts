import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The settings admins change in the console, with their values before anyone changed them. */
export const SETTING_DEFAULTS = { signUpOpen: true } as const;
export type Settings = { [K in keyof typeof SETTING_DEFAULTS]: (typeof SETTING_DEFAULTS)[K] extends boolean ? boolean : never };
export type SettingKey = keyof Settings;

/** All SQL for the settings table (one row per key, JSON values). */
export function settingsRepository(db: Kysely<Database>) {
  async function get<K extends SettingKey>(key: K): Promise<Settings[K]> {
    const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    if (!row) return SETTING_DEFAULTS[key];
    const value = JSON.parse(row.value) as unknown;
    return typeof value === typeof SETTING_DEFAULTS[key] ? (value as Settings[K]) : SETTING_DEFAULTS[key];
  }

  return {
    get,

    async all(): Promise<Settings> {
      return { signUpOpen: await get('signUpOpen') };
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

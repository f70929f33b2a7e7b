import type { SiteSettings } from '../../../../common/admin-schemas';

/** Settings that are on or off. */
export type SwitchSetting = { [K in keyof SiteSettings]: SiteSettings[K] extends boolean ? K : never }[keyof SiteSettings];

export interface SettingEntry {
  key: SwitchSetting;
  title: string;
  /** What "on" means, and what "off" does. */
  description: string;
  /** Said after a change, by the new value. */
  changed: (on: boolean) => string;
}

/** The settings page draws these in order: another setting is one more entry. */
export const SETTINGS: readonly SettingEntry[] = [
  {
    key: 'signUpOpen',
    title: 'Public sign-up',
    description: 'When off, nobody can create an account from the Signup page or by an email link; existing accounts still sign in.',
    changed: (on) => (on ? 'Public sign-up is open.' : 'Public sign-up is closed.'),
  },
  {
    key: 'staffTwoStepRequired',
    title: 'Two-step sign-in for staff',
    description:
      'When on, staff and administrators must turn on two-step sign-in (on their Account page) before they can use the console. Turn it on for your own account first.',
    changed: (on) => (on ? 'Staff now need two-step sign-in to use the console.' : 'Two-step sign-in is no longer required of staff.'),
  },
];

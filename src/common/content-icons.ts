/**
 * The icons the site can draw for a service or a core value, by name. The names follow
 * ionicons' so the app and the database agree; each is a line drawing on a 24px grid (a few
 * hundred bytes instead of an icon library). The console offers exactly these, and the shared
 * content rules refuse any other name, so nothing saved shows as the fallback cross.
 */
export const CONTENT_ICON_PATHS = {
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5a1 1 0 0 1-1-1v-4Zm16 0h-3v5h2a1 1 0 0 0 1-1v-4Zm-3 5c0 1.5-2 2-5 2',
  'cloud-upload': 'M7 18H6.5a4.5 4.5 0 0 1-.4-9A6 6 0 0 1 17.7 8 4.5 4.5 0 0 1 17.5 18H17M12 12v8m-3-5 3-3 3 3',
  'shield-checkmark': 'M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6L12 3Zm-3.5 9 2.5 2.5 4.5-5',
  wifi: 'M2.5 9a14 14 0 0 1 19 0M5.5 12.5a9.5 9.5 0 0 1 13 0M8.7 15.8a5 5 0 0 1 6.6 0M12 19.5h.01',
  'hardware-chip': 'M7 7h10v10H7zM10 10h4v4h-4zM9.5 4v3m5-3v3m-5 10v3m5-3v3M4 9.5h3m-3 5h3m10-5h3m-3 5h3',
  'code-slash': 'm8 7-5 5 5 5m8-10 5 5-5 5M14 4l-4 16',
  bulb: 'M9 18h6m-5 3h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3Z',
  chatbubbles:
    'M4 5h11a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H9l-4 3v-3H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm16 4h.5a.5.5 0 0 1 .5.5v7a.5.5 0 0 1-.5.5H20v3l-3.5-3H11',
  'hand-right':
    'M8 13V5.5a1.5 1.5 0 0 1 3 0V11m0-6.5a1.5 1.5 0 0 1 3 0V11m0-5a1.5 1.5 0 0 1 3 0v5m0-3a1.5 1.5 0 0 1 3 0v6c0 4-2.5 7-6.5 7-2.7 0-4.2-1-5.6-3.1L5.2 13.8a1.5 1.5 0 0 1 2.5-1.6L8 13',
  'lock-closed': 'M6 10h12a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1Zm2 0V7a4 4 0 0 1 8 0v3m-4 4v3',
  pricetag: 'M3 12.2V4a1 1 0 0 1 1-1h8.2a1 1 0 0 1 .7.3l8 8a1 1 0 0 1 0 1.4l-8.2 8.2a1 1 0 0 1-1.4 0l-8-8a1 1 0 0 1-.3-.7ZM8 8h.01',
  school: 'M2 9l10-5 10 5-10 5L2 9Zm4 2.2V16c0 1.5 2.7 3 6 3s6-1.5 6-3v-4.8M22 9v6',
  people:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6.5 9c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6M16 4.3a3.5 3.5 0 0 1 0 6.4M18 14.3c2 .8 3.5 2.9 3.5 5.7',
} as const;

export type ContentIconName = keyof typeof CONTENT_ICON_PATHS;

export const CONTENT_ICON_NAMES = Object.keys(CONTENT_ICON_PATHS) as [ContentIconName, ...ContentIconName[]];

/** How the console names each icon (its radio's label). */
export const CONTENT_ICON_LABELS: Record<ContentIconName, string> = {
  headset: 'Headset',
  'cloud-upload': 'Cloud upload',
  'shield-checkmark': 'Shield with check mark',
  wifi: 'Wi-Fi',
  'hardware-chip': 'Chip',
  'code-slash': 'Code',
  bulb: 'Light bulb',
  chatbubbles: 'Speech bubbles',
  'hand-right': 'Raised hand',
  'lock-closed': 'Padlock',
  pricetag: 'Price tag',
  school: 'Graduation cap',
  people: 'People',
};

export const isContentIconName = (name: string): name is ContentIconName => Object.hasOwn(CONTENT_ICON_PATHS, name);

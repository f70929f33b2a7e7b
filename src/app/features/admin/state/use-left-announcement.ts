import { useState } from 'react';
import { leftAnnouncement } from './content-rules';

/**
 * What a screen reader hears as a limited field nears its end ("Title: 10 characters left", at
 * 20, 10 and 0 left): the count under the field is read only when the field is focused.
 * Render `announcement` in a polite live region.
 */
export function useLeftAnnouncement() {
  const [announcement, setAnnouncement] = useState('');
  const track = (label: string, before: string, after: string, maxLength: number) => {
    const said = leftAnnouncement(before, after, maxLength);
    if (said) setAnnouncement(`${label}: ${said}`);
  };
  return { announcement, track };
}

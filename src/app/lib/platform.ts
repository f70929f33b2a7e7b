import { getConfig } from '@ionic/react';

/** The Ionic mode in use: 'ios' or 'md' (switchable with ?ionic:mode=ios). */
export function ionicMode(): 'ios' | 'md' {
  const mode = getConfig()?.get('mode') ?? document.documentElement.getAttribute('mode');
  return mode === 'ios' ? 'ios' : 'md';
}

import { useEffect, useState } from 'react';
import { THEME_CHANGE_EVENT } from '../../../common/theme';

export interface ChartTheme {
  dark: boolean;
  text: string;
  grid: string;
  tooltipBackground: string;
  tooltipText: string;
}

/** Chart colours for the current theme; charts draw on canvas, so CSS variables cannot reach them. */
export function chartTheme(dark: boolean): ChartTheme {
  return dark
    ? { dark, text: '#e5e7eb', grid: 'rgba(229, 231, 235, 0.16)', tooltipBackground: '#f8fafc', tooltipText: '#0f172a' }
    : { dark, text: '#1f2937', grid: 'rgba(31, 41, 55, 0.12)', tooltipBackground: '#111827', tooltipText: '#f9fafb' };
}

/** Series colours that keep 3:1 contrast against both the light and the dark page. */
export const SERIES_COLORS = [
  '#3b82f6',
  '#f97316',
  '#10b981',
  '#a855f7',
  '#ef4444',
  '#eab308',
  '#06b6d4',
  '#ec4899',
  '#84cc16',
  '#6366f1',
] as const;

const isDark = () => document.documentElement.classList.contains('ion-palette-dark');

/** Follows the light/dark switch (the 'themechange' event and the html class). */
export function useChartTheme(): ChartTheme {
  const [dark, setDark] = useState(isDark);
  useEffect(() => {
    const update = () => setDark(isDark());
    window.addEventListener(THEME_CHANGE_EVENT, update);
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      window.removeEventListener(THEME_CHANGE_EVENT, update);
      observer.disconnect();
    };
  }, []);
  return chartTheme(dark);
}

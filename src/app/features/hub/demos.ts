import { barChartOutline, calendarOutline, film, filmOutline, gridOutline, helpCircleOutline, videocamOutline } from 'ionicons/icons';

/** The demo hub's cards: every demo of the app with one sentence on what it shows. */
export interface Demo {
  title: string;
  href: string;
  icon: string;
  description: string;
}

export const DEMOS: readonly Demo[] = [
  {
    title: 'Movie List',
    href: '/app/tabs/home',
    icon: film,
    description: 'A live list of movies with search, genre filter, favourites, sharing and adding your own.',
  },
  {
    title: 'Movie Example',
    href: '/movie-example',
    icon: filmOutline,
    description: 'One movie on its own page, the way a detail screen links from a list.',
  },
  {
    title: 'Daily Activities',
    href: '/app/tabs/schedule',
    icon: calendarOutline,
    description: 'A conference-style day schedule: search with a case-sensitive toggle, track filter and favourites.',
  },
  {
    title: 'Minesweeper',
    href: '/app/tabs/minesweeper',
    icon: gridOutline,
    description: 'The complete classic game, playable with mouse, touch or keyboard, with best times kept on your device.',
  },
  {
    title: 'Charts and Graphs',
    href: '/charts-and-graphs',
    icon: barChartOutline,
    description: 'Interactive charts of live data from our server, each with a table view of the same numbers.',
  },
  {
    title: 'Video Example',
    href: '/video-example/2025',
    icon: videocamOutline,
    description: 'Our year in review as video, with captions, chapters you can jump to and earlier years.',
  },
  {
    title: 'Tutorial',
    href: '/tutorial',
    icon: helpCircleOutline,
    description: 'The swipeable introduction new visitors see, with Skip and Continue.',
  },
];

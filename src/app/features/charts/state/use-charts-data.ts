import { useEffect, useState } from 'react';
import { ApiError } from '../../../../common/api-error';
import { onLive } from '../../../lib/live/index';
import { getActivitiesPerTrack } from '../api/get-activities-per-track';
import { getMoviesAddedPerDay } from '../api/get-movies-added-per-day';
import { getMoviesPerGenre } from '../api/get-movies-per-genre';
import { getSupportMessagesPerDay } from '../api/get-support-messages-per-day';
import type { ChartsData } from './chart-configs';

export type ChartsLoad = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: ChartsData };

/** The four statistics of the last `days` days, read again on a refresh and when the live stream says they changed. */
export function useChartsData(days: number) {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<ChartsLoad>({ status: 'loading' });

  // A change to what the charts count (a movie or activity written anywhere) redraws them in place.
  const [liveTick, setLiveTick] = useState(0);
  useEffect(() => onLive('stats', () => setLiveTick((tick) => tick + 1)), []);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const fresh = liveTick > 0;
    Promise.all([
      getMoviesPerGenre(signal, fresh),
      getActivitiesPerTrack(signal, fresh),
      getMoviesAddedPerDay(days, signal, fresh),
      getSupportMessagesPerDay(days, signal, fresh),
    ])
      .then(([genres, tracks, movies, support]) => setLoad({ status: 'ready', data: { genres, tracks: tracks.tracks, movies, support } }))
      .catch((error: unknown) => {
        if (signal.aborted) return;
        setLoad({ status: 'error', message: error instanceof ApiError ? error.message : 'The statistics could not be loaded.' });
      });
    return () => controller.abort();
  }, [days, attempt, liveTick]);

  return {
    load,
    refresh: () => setAttempt((n) => n + 1),
    retry: () => {
      setLoad({ status: 'loading' });
      setAttempt((n) => n + 1);
    },
  };
}

import { describe, expect, it } from 'vitest';
import { genreChartLabel } from './chart-configs';

describe('chart labels', () => {
  it('names the first three genres, and sends the reader to the table for the rest', () => {
    const genres = [
      { label: 'Drama', count: 9 },
      { label: 'Comedy', count: 5 },
    ];
    expect(genreChartLabel(genres)).toBe('Bar chart of movies per genre. Drama: 9, Comedy: 5.');
    expect(genreChartLabel([...genres, { label: 'Horror', count: 2 }, { label: 'Western', count: 1 }])).toBe(
      'Bar chart of movies per genre. Drama: 9, Comedy: 5, Horror: 2, and more in the table view.',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVIE_MESSAGES } from '../../src/common/movie-schema';
import seedMovies from '../../src/server/platform/db/seed/data/movies.json';
import { ENGINES, startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';

interface Movie {
  title: string;
  genres: string[];
}
interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${(counter += 1)}`;

describe.each(ENGINES)('movies on %s', (engine) => {
  let server: TestServer;
  let token: string;

  const listTitles = async () => (await server.client.get<{ movies: Movie[] }>('/api/movies')).body.movies.map((movie) => movie.title);
  const add = (body: unknown, idToken: string | null = token) =>
    server.client.request<{ movie: Movie } & ErrorBody>('POST', '/api/movies', {
      body,
      headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
    });

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const signUp = await server.client.post<{ idToken: string }>(`/identity/v1/accounts:signUp?key=${TEST_API_KEY}`, {
      email: `movie-fan-${Date.now()}@example.com`,
      password: 'correct horse battery',
      returnSecureToken: true,
    });
    expect(signUp.status).toBe(200);
    token = signUp.body.idToken;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe('GET /api/movies', () => {
    it('lists the seeded movies with their genres as arrays, in title order', async () => {
      const response = await server.client.get<{ movies: Movie[] }>('/api/movies');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const { movies } = response.body;
      expect(movies.length).toBe(seedMovies.length);
      const godfather = movies.find((movie) => movie.title === 'The Godfather');
      expect(godfather).toEqual({ title: 'The Godfather', genres: ['Crime', 'Drama'] });
      for (const movie of movies) {
        expect(Array.isArray(movie.genres)).toBe(true);
        expect(movie.genres.length).toBeGreaterThan(0);
      }
      const titles = movies.map((movie) => movie.title);
      const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
      expect([...titles].sort((a, b) => collator.compare(a, b))).toEqual(titles);
    });

    it('answers 304 to a revalidation while the list is unchanged, and the new list after an add', async () => {
      const first = await server.client.get<{ movies: Movie[] }>('/api/movies');
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      const unchanged = await server.client.get('/api/movies', { 'if-none-match': etag! });
      expect(unchanged.status).toBe(304);
      expect(unchanged.text).toBe('');

      const title = unique('Revalidated');
      expect((await add({ title, genres: ['Drama'] })).status).toBe(201);
      const changed = await server.client.get<{ movies: Movie[] }>('/api/movies', { 'if-none-match': etag! });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect(changed.body.movies.map((movie) => movie.title)).toContain(title);
      expect(changed.body.movies).toHaveLength(first.body.movies.length + 1);
    });

    it('finds one movie by title, ignoring case, and says when there is none', async () => {
      const exact = await server.client.get<{ movie: Movie }>('/api/movies/The%20Godfather');
      expect(exact.status).toBe(200);
      expect(exact.body.movie).toEqual({ title: 'The Godfather', genres: ['Crime', 'Drama'] });
      const loose = await server.client.get<{ movie: Movie }>('/api/movies/the%20godfather');
      expect(loose.body.movie.title).toBe('The Godfather');
      const missing = await server.client.get<ErrorBody>('/api/movies/No%20Such%20Movie');
      expect(missing.status).toBe(404);
      expect(missing.body.error).toEqual({ code: 'not_found', message: 'No movie called “No Such Movie” is in the list.' });
    });
  });

  describe('POST /api/movies', () => {
    it('adds a movie for a signed-in user; it is in the list and survives a restart', async () => {
      const title = unique('Arrival');
      const response = await add({ title: `  ${title}  `, genres: [' Drama', 'Sci-Fi '] });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ movie: { title, genres: ['Drama', 'Sci-Fi'] } });
      expect(response.headers.get('location')).toBe(`/api/movies/${encodeURIComponent(title)}`);
      expect(await listTitles()).toContain(title);

      server = await server.restart();
      const again = await server.client.get<{ movie: Movie }>(`/api/movies/${encodeURIComponent(title)}`);
      expect(again.body.movie).toEqual({ title, genres: ['Drama', 'Sci-Fi'] });
    });

    it('wraps a single genre string into a one-element array', async () => {
      const title = unique('Solo');
      const response = await add({ title, genres: 'Western' });
      expect(response.status).toBe(201);
      expect(response.body.movie.genres).toEqual(['Western']);
      const stored = await server.client.get<{ movie: Movie }>(`/api/movies/${encodeURIComponent(title)}`);
      expect(stored.body.movie.genres).toEqual(['Western']);
    });

    it('keeps titles with slashes and question marks addressable', async () => {
      const title = unique('AC/DC: Live?');
      expect((await add({ title, genres: ['Music'] })).status).toBe(201);
      const stored = await server.client.get<{ movie: Movie }>(`/api/movies/${encodeURIComponent(title)}`);
      expect(stored.status).toBe(200);
      expect(stored.body.movie.title).toBe(title);
    });

    it('answers 401 without a token or with a bad one, and adds nothing', async () => {
      const title = unique('Anonymous');
      for (const idToken of [null, 'not-a-token', `${token.slice(0, -4)}AAAA`]) {
        const response = await add({ title, genres: ['Drama'] }, idToken);
        expect(response.status).toBe(401);
        expect(response.body.error.code).toBe('unauthenticated');
      }
      expect(await listTitles()).not.toContain(title);
    });

    it('answers 409 on a duplicate title, ignoring case, and keeps the first genres', async () => {
      const title = unique('Heat');
      expect((await add({ title, genres: ['Crime'] })).status).toBe(201);
      for (const again of [title, title.toUpperCase(), ` ${title.toLowerCase()} `]) {
        const response = await add({ title: again, genres: ['Comedy'] });
        expect(response.status).toBe(409);
        expect(response.body.error).toEqual({
          code: 'conflict',
          message: `“${title}” is already in the list; choose another title.`,
          fields: { title: MOVIE_MESSAGES.duplicate },
        });
      }
      const stored = await server.client.get<{ movie: Movie }>(`/api/movies/${encodeURIComponent(title)}`);
      expect(stored.body.movie.genres).toEqual(['Crime']);
      expect((await listTitles()).filter((listed) => listed.toLowerCase() === title.toLowerCase())).toHaveLength(1);
    });

    it('answers 409 for a seeded title', async () => {
      const response = await add({ title: 'The Godfather', genres: ['Comedy'] });
      expect(response.status).toBe(409);
    });

    const INVALID: { name: string; body: unknown; fields: Record<string, string> }[] = [
      { name: 'a missing title', body: { genres: ['Drama'] }, fields: { title: MOVIE_MESSAGES.titleRequired } },
      { name: 'a blank title', body: { title: '   ', genres: ['Drama'] }, fields: { title: MOVIE_MESSAGES.titleRequired } },
      { name: 'a title that is not text', body: { title: 12, genres: ['Drama'] }, fields: { title: MOVIE_MESSAGES.titleType } },
      {
        name: 'a title over 200 characters',
        body: { title: 'x'.repeat(201), genres: ['Drama'] },
        fields: { title: MOVIE_MESSAGES.titleTooLong },
      },
      {
        name: 'a title with a line break',
        body: { title: 'Two\nLines', genres: ['Drama'] },
        fields: { title: MOVIE_MESSAGES.titleControl },
      },
      { name: 'missing genres', body: { title: 'No Genres' }, fields: { genres: MOVIE_MESSAGES.genresRequired } },
      { name: 'an empty genre list', body: { title: 'No Genres', genres: [] }, fields: { genres: MOVIE_MESSAGES.genresRequired } },
      { name: 'an empty genre string', body: { title: 'No Genres', genres: '' }, fields: { 'genres.0': MOVIE_MESSAGES.genreBlank } },
      { name: 'a blank genre', body: { title: 'Blank Genre', genres: ['Drama', '  '] }, fields: { 'genres.1': MOVIE_MESSAGES.genreBlank } },
      { name: 'genres of the wrong type', body: { title: 'Odd', genres: { a: 1 } }, fields: { genres: MOVIE_MESSAGES.genresType } },
      { name: 'a genre that is not text', body: { title: 'Odd', genres: ['Drama', 5] }, fields: { 'genres.1': MOVIE_MESSAGES.genreType } },
      {
        name: 'a genre over 40 characters',
        body: { title: 'Long', genres: ['g'.repeat(41)] },
        fields: { 'genres.0': MOVIE_MESSAGES.genreTooLong },
      },
      { name: 'a genre with a comma', body: { title: 'Comma', genres: 'Drama,Crime' }, fields: { 'genres.0': MOVIE_MESSAGES.genreComma } },
      {
        name: 'more than 10 genres',
        body: { title: 'Many', genres: Array.from({ length: 11 }, (_, index) => `Genre ${index}`) },
        fields: { genres: MOVIE_MESSAGES.genresTooMany },
      },
      {
        name: 'both fields wrong',
        body: { title: '', genres: [] },
        fields: { title: MOVIE_MESSAGES.titleRequired, genres: MOVIE_MESSAGES.genresRequired },
      },
    ];

    it.each(INVALID)('answers 400 with field messages for $name and changes nothing', async ({ body, fields }) => {
      const before = await listTitles();
      const response = await add(body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
      expect(response.body.error.fields).toEqual(fields);
      expect(response.body.error.message).toMatch(/^Please correct the highlighted fields/);
      expect(await listTitles()).toEqual(before);
    });

    it('answers 400 for a body that is not JSON, without internals', async () => {
      const response = await server.client.request<ErrorBody>('POST', '/api/movies', {
        rawBody: '{"title": "Broken",',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: 'bad_request', message: 'The request body is not valid JSON.' });
    });

    it('refuses a write without the CSRF header', async () => {
      const response = await server.client.request<ErrorBody>('POST', '/api/movies', {
        body: { title: unique('Forged'), genres: ['Drama'] },
        headers: { authorization: `Bearer ${token}` },
        csrf: false,
      });
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('csrf_failed');
    });
  });
});

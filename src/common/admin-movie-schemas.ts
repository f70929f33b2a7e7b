import { z } from 'zod';
import { newMovieSchema } from './movie-schema';
import { storableText } from './text-rules';

/** Shapes of the console's movie moderation routes (/api/admin/movies), shared by server and app. */

export const MOVIES_PAGE_MAX = 100;

export const adminMoviesQuerySchema = z.object({
  /** Text anywhere in the title, any case. */
  q: z.string().check(storableText()).trim().max(200).optional(),
  /** `newest` (the default): newest first; `title`: A to Z. */
  sort: z.enum(['newest', 'title']).default('newest'),
  /** The `next` cursor of the previous page (the last title shown, or an opaque cursor when newest first). */
  after: z.string().max(1000).check(storableText()).optional(),
  limit: z.coerce.number().int().min(1).max(MOVIES_PAGE_MAX).default(25),
});

export const adminMovieSchema = z.object({
  id: z.string(),
  title: z.string(),
  genres: z.array(z.string()),
  createdAt: z.string(),
  /** Who added it: their display name, else their email; null for the seeded list or a deleted account. */
  addedBy: z.string().nullable().optional(),
});
export type AdminMovie = z.infer<typeof adminMovieSchema>;

export const adminMoviesPageSchema = z.object({ movies: z.array(adminMovieSchema), next: z.string().nullable() });

/** The caller's previous visit of the movie list (null on the first), answered as this visit is recorded. */
export const movieVisitSchema = z.object({ lastVisitAt: z.string().nullable() });
export type AdminMoviesPage = z.infer<typeof adminMoviesPageSchema>;

/** An edit follows the rules of adding a movie, word for word. */
export const movieEditSchema = newMovieSchema;

export const movieIdParams = z.object({ id: z.string().min(1).max(64).check(storableText()) });

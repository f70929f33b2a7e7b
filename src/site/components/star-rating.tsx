import { StarIcon } from './icons';

/** Five stars for a 1-5 rating; screen readers hear "Rated 4 out of 5". */
export function StarRating({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} filled={star <= rating} />
      ))}
    </span>
  );
}

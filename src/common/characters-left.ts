/**
 * What a limited text field says under it, on the site and in the console alike: how much is
 * left, never below zero, with the thousands grouped as the rest of the English text is.
 */
export function charactersLeft(value: string, maxLength: number): string {
  const left = Math.max(0, maxLength - value.length);
  return left === 1 ? '1 character left' : `${left.toLocaleString('en-US')} characters left`;
}

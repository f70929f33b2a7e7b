/** Types of the pure parts of check-doc-paths.mjs, for its unit test. */
export function expandBraces(text: string): string[];
export function docPaths(markdown: string): string[];
export function pathExists(
  root: string,
  name: string,
  exists?: (path: string) => boolean,
  list?: (folder: string) => readonly unknown[],
): boolean;

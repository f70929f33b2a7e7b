/**
 * Source files the build names (which modules make the start, a first screen, a chunk of shared
 * parts), listed by their path from the project's root. A rename or a move stops the build here,
 * naming the list and the path: a regular expression over module ids would quietly match nothing,
 * and the bundle would be regrouped without a word.
 */
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
  .replace(/\\/g, '/')
  .replace(/\/$/, '');

/** A module id as the bundler gives it, as a path: forward slashes, no query. */
export function modulePath(id: string): string {
  const path = id.replaceAll('\\', '/');
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}

export interface SourceFiles {
  /** What the list is for, in the build's errors. */
  readonly name: string;
  /** Absolute paths, with forward slashes. */
  readonly paths: readonly string[];
  /** Whether module `id` is one of the files. */
  has(id: string): boolean;
}

function absolute(name: string, path: string, root: string, kind: 'file' | 'folder'): string {
  const full = `${root}/${path}`;
  const found = existsSync(full) && (kind === 'file' ? statSync(full).isFile() : statSync(full).isDirectory());
  if (!found)
    throw new Error(
      `Build: the list "${name}" names the ${kind} ${path}, which does not exist: update the list where "${name}" is declared`,
    );
  return full;
}

/** Files named by the build; each must exist. */
export function sourceFiles(name: string, paths: readonly string[], root = ROOT): SourceFiles {
  const full = paths.map((path) => absolute(name, path, root, 'file'));
  const set = new Set(full);
  return { name, paths: full, has: (id) => set.has(modulePath(id)) };
}

/** Every file under one folder named by the build; the folder must exist. */
export function sourceFolder(name: string, path: string, root = ROOT): SourceFiles {
  const full = absolute(name, path, root, 'folder');
  return { name, paths: [full], has: (id) => modulePath(id).startsWith(`${full}/`) };
}

/**
 * The modules of the build that are each of `files`: a file that exists but that the build no
 * longer holds (nothing imports it now) is an error too, naming the list and the path.
 */
export function modulesOf(files: SourceFiles, all: readonly string[]): string[] {
  return files.paths.flatMap((path) => {
    const found = all.filter((id) => modulePath(id) === path);
    if (found.length === 0)
      throw new Error(`Build: the list "${files.name}" names ${path}, which is no module of the build (nothing imports it?)`);
    return found;
  });
}

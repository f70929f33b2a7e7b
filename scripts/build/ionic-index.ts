/**
 * Reading @ionic/core's `components/index.js`, a list of re-exports such as
 * `export{I as IonicSafeString}from"./p-DBGxvxkE.js"`, for the build's start walk (first-screens.ts).
 */

/** The names the index re-exports from `file` (`p-….js`), in its own spelling. */
export function namesReexportedFrom(indexCode: string, file: string): string[] {
  const exported: string[] = [];
  for (const match of indexCode.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']\.\/([\w.-]+)["']/g)) {
    if (match[2] !== file) continue;
    for (const part of match[1]!.split(','))
      exported.push(
        part
          .trim()
          .split(/\s+as\s+/)
          .at(-1)!,
      );
  }
  return exported.filter(Boolean);
}

/** Whether the index re-exports from module `id` (a path ending in `p-….js`) only names of `names`. */
export function reexportsOnly(indexCode: string, id: string, names: ReadonlySet<string>): boolean {
  const file = /[\\/](p-[\w-]+\.js)$/.exec(id)?.[1];
  if (!file) return false;
  const exported = namesReexportedFrom(indexCode, file);
  return exported.length > 0 && exported.every((name) => names.has(name));
}

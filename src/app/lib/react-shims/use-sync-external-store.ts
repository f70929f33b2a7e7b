/**
 * `use-sync-external-store/shim` as an ES module (vite.config.ts aliases it here). The package is
 * CommonJS that requires "react": bundled as is, it wraps Preact's compat layer, shared by the
 * site and the app, in CommonJS interop code, so every page would load more for the one editor
 * that needs it (Tiptap). React 18's hook, which preact/compat has, is what the shim stands in for.
 */
export { useSyncExternalStore } from 'react';

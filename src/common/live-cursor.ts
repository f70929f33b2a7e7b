/**
 * The change stream's cursor (docs/live-data.md): where a client stands in every topic of its
 * stream, e.g. `movies=12,schedule=3,stats=7`. The server writes it as each event's SSE id and
 * reads it back from `Last-Event-ID`; the app writes one itself for the versions of the answers it
 * has already loaded, so its first connection resumes there instead of starting afresh.
 */
export function formatCursor(versions: ReadonlyMap<string, number>): string {
  return [...versions].map(([topic, version]) => `${topic}=${version}`).join(',');
}

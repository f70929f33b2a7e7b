/**
 * The field a schema error names, as the client knows it: `/body/email`, `body/email` and
 * `/email` are `email`, a nested pointer `/items/0/name` is `items.0.name`; '' when the pointer
 * names no field. Shared by both error handlers, whose bodies differ but name fields alike.
 */
export function fieldPath(pointer: string): string {
  return pointer.replace(/^\/?(body|querystring|params|headers)?\/?/, '').replace(/\//g, '.');
}

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { routeConfigOf } from './route-config';

describe('routeConfigOf', () => {
  it('gives what request.routeOptions gives, for a matched route and an unmatched one', async () => {
    const app = Fastify({ logger: false });
    const seen: Array<{ fast: unknown; slow: unknown; url: unknown; kept: boolean }> = [];
    app.addHook('onResponse', (request, _reply, done) => {
      seen.push({
        fast: routeConfigOf(request),
        slow: request.routeOptions.config,
        url: request.routeOptions.url,
        // The quick way is taken, not only the fallback: Fastify still keeps the context there.
        kept: Object.getOwnPropertySymbols(request).some((symbol) => symbol.description === 'fastify.context'),
      });
      done();
    });
    app.get('/things/:id', { config: { csrfExempt: true } }, async () => 'ok');
    await app.inject({ method: 'GET', url: '/things/7' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    await app.close();

    expect(seen).toHaveLength(2);
    expect(seen.every((entry) => entry.kept)).toBe(true);
    expect(seen[0]!.fast).toBe(seen[0]!.slow);
    expect(seen[0]!.fast).toMatchObject({ url: '/things/:id', csrfExempt: true });
    expect((seen[0]!.fast as { url: string }).url).toBe(seen[0]!.url);
    expect(seen[1]!.fast).toBe(seen[1]!.slow);
    expect((seen[1]!.fast as { url?: string }).url).toBeUndefined();
  });
});

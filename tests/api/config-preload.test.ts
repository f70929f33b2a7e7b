import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_FIRST_SCREENS } from '../../src/common/routes';
import { startOverFakeDist } from '../support/fake-dist';
import type { TestServer } from '../support/test-server';

const PRELOAD = '</api/config>; rel=preload; as=fetch; crossorigin';

/** Decision 0500: the screens that read /api/config first get it asked by their document. */
describe('the app shell asks the browser to fetch /api/config early where the first screen reads it', () => {
  let server: TestServer;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ server, stop } = await startOverFakeDist());
  });
  afterAll(async () => stop?.());

  it('names the config in a preload on Login, Signup and Account', async () => {
    expect(CONFIG_FIRST_SCREENS).toEqual(['/login', '/signup', '/account']);
    const answers = await Promise.all(CONFIG_FIRST_SCREENS.map((path) => server.client.get(path, { accept: 'text/html' })));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('link')).toBe(PRELOAD);
    }
  });

  it('leaves it out where the first screen does not read it (a preload nobody takes is a warning)', async () => {
    for (const path of ['/app/tabs/home', '/tutorial', '/admin', '/forgot-password', '/auth/handler', '/index.html', '/about']) {
      const answer = await server.client.get(path, { accept: 'text/html' });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('link'), path).toBeNull();
    }
  });

  it('answers the preloaded address with the config', async () => {
    const config = await server.client.get('/api/config');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ apiKey: expect.any(String) });
  });
});

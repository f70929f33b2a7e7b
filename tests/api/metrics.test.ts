import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVIE_ADD_RATE_LIMIT } from '../../src/server/movies/routes';
import { startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';

const TOKEN = 'metrics-test-token-0123456789';

/** The value of one series in a Prometheus text page, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let server: TestServer;
  const scrape = async () => {
    const response = await server.client.get<string>('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(response.status).toBe(200);
    return response.text;
  };

  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('refuses a scraper without the token, or with another one', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-wrong-token' },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of attempts) {
      const response = await server.client.get<{ error: { code: string } }>('/metrics', headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(response.text).not.toContain('http_request_duration_seconds');
    }
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    await server.client.get('/api/team-members/maya-chen');
    await server.client.get('/api/team-members/grace-adeyemi');
    await server.client.get('/api/team-members/nobody');
    const text = await scrape();
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/team-members/:id",status="200"}')).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/team-members/:id",status="404"}')).toBe(1);
    expect(text).not.toContain('maya-chen');
    expect(text).not.toContain('nobody');
  });

  it('reports event-loop lag and the database pool', async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_connections{state="max"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^mail_queue_length 0$/m);
  });

  it('counts sign-ins by result and mails by outcome', async () => {
    const email = `metrics-${Math.random().toString(36).slice(2)}@example.com`;
    const password = 'a long enough password';
    const identity = (action: string, body: unknown) => server.client.post(`/identity/v1/accounts:${action}?key=${TEST_API_KEY}`, body);
    expect((await identity('signUp', { email, password })).status).toBe(200);
    expect((await identity('signInWithPassword', { email, password: 'not the password' })).status).toBe(400);
    expect((await identity('signInWithPassword', { email, password })).status).toBe(200);
    expect((await identity('sendOobCode', { requestType: 'PASSWORD_RESET', email })).status).toBe(200);
    const text = await scrape();
    expect(sample(text, 'sign_ins_total{method="password",result="success"}')).toBe(1);
    expect(sample(text, 'sign_ins_total{method="password",result="invalid_credentials"}')).toBe(1);
    expect(sample(text, 'mail_sent_total{result="sent"}')).toBe(1);
  });

  it('counts rate-limit refusals by route, under concurrent requests', async () => {
    const email = `metrics-rl-${Math.random().toString(36).slice(2)}@example.com`;
    const signUp = await server.client.post<{ idToken: string }>(`/identity/v1/accounts:signUp?key=${TEST_API_KEY}`, {
      email,
      password: 'a long enough password',
    });
    const extra = 5;
    const answers = await Promise.all(
      Array.from({ length: MOVIE_ADD_RATE_LIMIT.max + extra }, (_, index) =>
        server.client.post(
          '/api/movies',
          { title: `Metrics ${Date.now()} ${index}`, genres: ['Test'] },
          { authorization: `Bearer ${signUp.body.idToken}` },
        ),
      ),
    );
    const refused = answers.filter((answer) => answer.status === 429).length;
    expect(refused).toBe(extra);
    expect(sample(await scrape(), 'rate_limit_refusals_total{route="/api/movies"}')).toBe(refused);
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no /metrics', async () => {
    const server = await startTestServer({ seed: false });
    try {
      const response = await server.client.get('/metrics', { accept: 'text/plain' });
      expect(response.status).not.toBe(200);
      expect(response.text).not.toContain('http_request_duration_seconds');
    } finally {
      await server.destroy();
    }
  });
});

/**
 * The API tests' HTTP client, apart from the test server so that tests against servers started
 * elsewhere (tests/cluster) can use it without importing the whole server.
 */

/** The API key test servers are started with: clients send it as `?key=` to the identity service. */
export const TEST_API_KEY = 'test-api-key-0123456789';

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch with a cookie jar and the CSRF header, so tests speak to the API as the browser does. */
export class HttpClient {
  private cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request<T = unknown>(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string | Blob; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<HttpResponse<T>> {
    if (method !== 'GET' && options.csrf !== false && !this.cookies.has('XSRF-TOKEN')) {
      await this.request('GET', '/api/config');
    }
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && options.csrf !== false && this.cookies.has('XSRF-TOKEN'))
      headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
    let body: string | Blob | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = unknown>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }

  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { body, headers });
  }
}

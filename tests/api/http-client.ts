// A browser-like client over real HTTP, for tests against a listening server or a server process (the fault and
// multi-process tests): cookies, the XSRF header, and a time limit on every request, so a hang fails the test
// instead of stalling it.
import { PASSWORD } from './harness';

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: string;
  /** When the answer arrived (performance.now()). */
  at: number;
}

export class NoAnswer extends Error {}

export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(
    public base: string,
    readonly timeoutMs = 10_000,
  ) {}

  async request(method: string, url: string, body?: unknown, extra: Record<string, string> = {}): Promise<HttpAnswer> {
    const headers: Record<string, string> = { accept: 'application/json', ...extra };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (body !== undefined && !(body instanceof Buffer)) headers['content-type'] = 'application/json';
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.base}/api/v1${url}`, {
        method,
        headers,
        body: body === undefined ? undefined : body instanceof Buffer ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      const reason = (err as Error).name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : String(err);
      throw new NoAnswer(`${method} ${url}: ${reason}`);
    }
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      const value = pair.slice(i + 1);
      if (value) this.cookies.set(pair.slice(0, i), value);
      else this.cookies.delete(pair.slice(0, i));
    }
    return { status: res.status, headers: res.headers, body: text, at: performance.now() };
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body: unknown = {}) => this.request('POST', url, body);

  async login(email: string, password = PASSWORD) {
    await this.get('/sanctum/csrf-cookie');
    return this.post('/login', { email, password });
  }
}

export const parse = <T = Record<string, unknown>>(a: HttpAnswer) => JSON.parse(a.body) as T;

// Cookie-session HTTP for the benchmarks: the Sanctum flow (csrf-cookie, then login with X-XSRF-TOKEN).
export function cookieJar() {
  const jar = new Map();
  return {
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    take: (res) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair.indexOf('=');
        jar.set(pair.slice(0, i), pair.slice(i + 1));
      }
    },
    get: (k) => jar.get(k),
  };
}

/** Signs in and returns the Cookie header of the session. */
export async function login(base, email = 'bench@hauswerk.test', password = 'bench-password') {
  const jar = cookieJar();
  jar.take(await fetch(`${base}/api/v1/sanctum/csrf-cookie`));
  const res = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: jar.header(), 'x-xsrf-token': jar.get('XSRF-TOKEN') },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${res.status} ${await res.text()}`);
  jar.take(res);
  return jar.header();
}

/** One signed-in GET: its time in ms and its JSON body; a non-2xx answer throws. */
export async function timedGet(base, cookie, path) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { cookie, accept: 'application/json' } });
  const body = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

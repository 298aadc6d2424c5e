/** The local ClaveÚnica (local/claveunica) as a browser goes through it. */

/** A browser's way through the provider: follows redirects, keeps cookies, submits the login. */
export async function signIn(
  authorize: URL,
  redirect: string,
  run: string,
  password: string,
): Promise<URL | Response> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = (pair ?? '').split('=');
      if (k) jar.set(k.trim(), v.join('='));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = authorize;
  let res = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
  keep(res);
  for (let hops = 0; hops < 10; hops++) {
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      if (url.href.startsWith(redirect)) return url;
      res = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
      keep(res);
      continue;
    }
    if (res.status === 200 && url.pathname.startsWith('/interaction/')) {
      res = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ run, password }).toString(),
      });
      keep(res);
      if (res.status === 400) return res;
      continue;
    }
    throw new Error(`unexpected ${res.status} at ${url}`);
  }
  throw new Error('too many redirects');
}

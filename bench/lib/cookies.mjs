/**
 * A Set-Cookie line as the cookie a browser keeps (Playwright's addCookies, puppeteer's setCookie): the benchmarks
 * sign in through the API and hand the browser what the answer set. The portal runs on 127.0.0.1: host-only.
 */
export function parseSetCookie(line) {
  const [pair, ...attrs] = line.split(';').map((s) => s.trim());
  const eq = pair.indexOf('=');
  const cookie = { name: pair.slice(0, eq), value: pair.slice(eq + 1), domain: '127.0.0.1', path: '/' };
  for (const a of attrs) {
    const [k, v] = a.split('=');
    const key = k.toLowerCase();
    if (key === 'path') cookie.path = v;
    else if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'secure') cookie.secure = true;
    else if (key === 'samesite') cookie.sameSite = v[0].toUpperCase() + v.slice(1).toLowerCase();
  }
  return cookie;
}

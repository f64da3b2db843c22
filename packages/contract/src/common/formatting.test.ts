import { describe, expect, it } from 'vitest';
import { formattingCookieName, readFormattingCookie } from './formatting.ts';

const TOKYO = 'en-GB|Asia%2FTokyo';
const OSLO = 'nb-NO|Europe%2FOslo';

describe('the formatting cookie', () => {
  it('is __Host- in a secure context, plain only where the browser keeps no Secure cookie', () => {
    expect(formattingCookieName(true)).toBe('__Host-tp_fmt');
    expect(formattingCookieName(false)).toBe('tp_fmt');
  });

  it('is read under its __Host- name always, and under the plain name only by a server without Secure cookies', () => {
    // A server with Secure cookies (production, https, loopback): the plain name may come from a sibling subdomain.
    expect(readFormattingCookie({ '__Host-tp_fmt': TOKYO }, true)).toEqual({ locale: 'en-GB', timeZone: 'Asia/Tokyo' });
    expect(readFormattingCookie({ tp_fmt: TOKYO }, true)).toBeNull();
    expect(readFormattingCookie({ '__Host-tp_fmt': TOKYO, tp_fmt: OSLO }, true)?.timeZone).toBe('Asia/Tokyo');
    // Development over plain http on a LAN address: a browser there can set only the plain name; one reaching the
    // same server through localhost sets the __Host- one, which wins.
    expect(readFormattingCookie({ tp_fmt: OSLO }, false)).toEqual({ locale: 'nb-NO', timeZone: 'Europe/Oslo' });
    expect(readFormattingCookie({ '__Host-tp_fmt': TOKYO, tp_fmt: OSLO }, false)?.timeZone).toBe('Asia/Tokyo');
    // Nothing, or nothing valid, is no cookie.
    expect(readFormattingCookie({}, false)).toBeNull();
    expect(readFormattingCookie({ '__Host-tp_fmt': 'en-US|Mars%2FOlympus' }, true)).toBeNull();
  });
});

import { isIP } from 'node:net';
import type { Language } from '@taxportal/contract';
import { textsIn } from '../platform/i18n.ts';

/**
 * A session's device and place in plain words, for the person's own list of sessions and the new-device mail.
 * Small offline rules, on purpose: no user-agent database and no geolocation service is reachable from here,
 * and an approximate answer is all the list needs (docs/decisions/0019-c-sessions-devices.md). Browsers' and systems'
 * names are names; the words around them are in the reader's `language` (catalogue: account.devices, account.places).
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrom(e|ium)\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//i, 'curl'],
];
/** A script's user agent: "a program", in words (not a name). */
const PROGRAMS = /node|undici|axios|python|okhttp|Go-http-client/i;
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function describeDevice(userAgent: string | null | undefined, language: Language): string {
  const t = textsIn(language);
  const ua = userAgent ?? '';
  const browser =
    BROWSERS.find(([re]) => re.test(ua))?.[1] ?? (PROGRAMS.test(ua) ? t('account.devices.program') : undefined);
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return t('account.devices.browserOn', { browser, system });
  return browser ?? system ?? t('account.devices.unknown');
}

/** Loopback, private (RFC 1918, unique local), link-local and carrier-grade NAT ranges. */
function isLocal(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    return (
      a === 10 ||
      a === 127 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  const low = ip.toLowerCase();
  return low === '::1' || low.startsWith('fc') || low.startsWith('fd') || low.startsWith('fe80');
}

export function describePlace(ip: string | null | undefined, language: Language): string {
  const t = textsIn(language);
  if (!ip) return t('account.places.unknown');
  return isLocal(ip) ? t('account.places.local') : ip;
}

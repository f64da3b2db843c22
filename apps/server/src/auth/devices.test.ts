import { describe, expect, it } from 'vitest';
import { describeDevice, describePlace } from './devices.ts';

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('devices in plain words', () => {
  it('names browser and system, and the place by address without any outside service', () => {
    expect(describeDevice(CHROME_WIN, 'en')).toBe('Chrome on Windows');
    expect(describeDevice(SAFARI_IPHONE, 'en')).toBe('Safari on iPhone');
    expect(describeDevice(undefined, 'en')).toBe('Unknown device');
    expect(describePlace('127.0.0.1', 'en')).toBe('Local network');
    expect(describePlace('192.168.1.20', 'en')).toBe('Local network');
    expect(describePlace('::ffff:10.1.2.3', 'en')).toBe('Local network');
    expect(describePlace('203.0.113.9', 'en')).toBe('203.0.113.9');
  });

  it("says them in the reader's language, names as they are", () => {
    expect(describeDevice(CHROME_WIN, 'es')).toBe('Chrome en Windows');
    expect(describeDevice(undefined, 'es')).toBe('Dispositivo desconocido');
    expect(describeDevice('python-requests/2.31', 'es')).toBe('un programa');
    expect(describeDevice('node', 'en')).toBe('a program');
    expect(describePlace('10.0.0.1', 'es')).toBe('Red local');
    expect(describePlace(null, 'es')).toBe('Desconocido');
    expect(describePlace('203.0.113.9', 'es')).toBe('203.0.113.9');
  });
});

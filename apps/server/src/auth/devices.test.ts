import { describe, expect, it } from 'vitest';
import { describeDevice, describePlace } from './devices.ts';

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('devices in plain words', () => {
  it('names browser and system, and the place by address without any outside service', () => {
    expect(describeDevice(CHROME_WIN)).toBe('Chrome on Windows');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari on iPhone');
    expect(describeDevice(undefined)).toBe('Unknown device');
    expect(describePlace('127.0.0.1')).toBe('Local network');
    expect(describePlace('192.168.1.20')).toBe('Local network');
    expect(describePlace('::ffff:10.1.2.3')).toBe('Local network');
    expect(describePlace('203.0.113.9')).toBe('203.0.113.9');
  });
});

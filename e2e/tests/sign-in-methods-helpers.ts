import fs from 'node:fs';
import { expect } from '@playwright/test';

/**
 * The 6-digit code in the newest text to `to` sent after `since` (ms), from the run's phone: the local Twilio
 * server of playwright.config.ts files each message there, the only place a texted code can be read.
 */
export async function readSmsCode(to: string, since: number): Promise<string> {
  const dir = `${process.env.E2E_DATA_DIR}-sms`;
  let code: string | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
      const texts = files
        .filter((f) => Number(f.split('-')[0]) >= since)
        .sort()
        .map((f) => JSON.parse(fs.readFileSync(`${dir}/${f}`, 'utf8')) as { to: string; body: string });
      code = /\b(\d{6})\b/.exec(texts.findLast((t) => t.to === to)?.body ?? '')?.[1];
      return Boolean(code);
    })
    .toBe(true);
  return code!;
}

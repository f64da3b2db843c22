import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@taxportal/contract';
import { documents, documentTypes } from '../platform/db/schema.ts';
import type { BlobDriver } from '../platform/storage/drivers.ts';
import { fileStoreOn } from '../platform/storage/index.ts';
import { createCustomer, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { openTicket } from '../test/ticket-fixtures.ts';
import { multipart, pdfOfSize } from '../test/upload-fixtures.ts';

/**
 * A file store whose every write goes to /dev/full: the kernel's own ENOSPC, mid-stream, as on a full disk
 * (bench/faults/disk-full.mjs does the same on a real, small tmpfs as DATA_DIR). It records what is asked of it.
 */
function fullDisk() {
  const removed: string[] = [];
  const written: string[] = [];
  const driver: BlobDriver = {
    async write(key: string, source: Readable) {
      written.push(key);
      await pipeline(source, fs.createWriteStream('/dev/full'));
    },
    async read() {
      throw Object.assign(new Error('no such object'), { code: 'ENOENT' });
    },
    async remove(key: string) {
      removed.push(key);
    },
    // eslint-disable-next-line require-yield
    async *list() {
      return;
    },
  };
  return { driver, removed, written };
}

let t: TestApp;
let customer: Agent;
let ticketId: string;
let typeId: string;
const disk = fullDisk();
const dataDir = path.join(os.tmpdir(), `tp-full-${randomUUID()}`);

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir }, { files: fileStoreOn(disk.driver, Buffer.alloc(32, 7), 'disk') });
  customer = await signIn(t, (await createCustomer(t)).email);
  ticketId = (await openTicket(t, customer)).id;
  const [dt] = await t.database.db.select().from(documentTypes).limit(1);
  typeId = dt!.id;
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('an upload when the disk is full', () => {
  it.skipIf(!fs.existsSync('/dev/full'))(
    'answers 507 problem+json, keeps no row and removes what it began',
    async () => {
      const res = await customer.request({
        method: 'POST',
        url: '/api/v1/documents',
        ...multipart({ document_type: typeId, ticket_id: ticketId }, [
          { name: 'w2.pdf', data: pdfOfSize(300_000), type: 'application/pdf' },
        ]),
      });
      expect(res.statusCode, res.body).toBe(507);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        status: 507,
        title: 'Insufficient storage',
        detail: UPLOAD_MESSAGES.storageFull,
      });
      expect(await t.database.db.select({ id: documents.id }).from(documents)).toEqual([]);
      expect(disk.written.length).toBeGreaterThan(0);
      expect(disk.removed).toEqual(expect.arrayContaining(disk.written));
    },
  );
});

import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, STORAGE_KEY, type BlobDriver, type StagedObject, type StoredObject } from './drivers.ts';

/** fsync of a directory: makes a rename or a new entry in it survive a crash. */
async function syncDir(dir: string): Promise<void> {
  const handle = await fsp.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Local disk: `<root>/<first two characters>/<key>`, written to `<key>.part`, synced, then renamed (and the
 * directory synced): once a write resolves, the object survives a crash, so a row may name it.
 */
export function diskDriver(root: string): BlobDriver {
  const pathOf = (key: string) => {
    assertKey(key);
    return path.join(root, key.slice(0, 2), key);
  };
  const stage = async (key: string): Promise<StagedObject> => {
    const final = pathOf(key);
    const temp = `${final}.part`;
    const shard = path.dirname(final);
    const created = await fsp.mkdir(shard, { recursive: true, mode: 0o700 });
    if (created) await syncDir(path.dirname(shard));
    return {
      path: temp,
      publish: async () => {
        await fsp.rename(temp, final);
        await syncDir(shard);
      },
      discard: () => fsp.rm(temp, { force: true }),
    };
  };
  return {
    stage,
    async write(key, source: Readable) {
      const staged = await stage(key);
      try {
        await pipeline(source, fs.createWriteStream(staged.path, { mode: 0o600, flags: 'wx', flush: true }));
        await staged.publish();
      } catch (err) {
        await staged.discard();
        throw err;
      }
    },
    async read(key) {
      const file = pathOf(key);
      const handle = await fsp.open(file, 'r'); // fails now (ENOENT) rather than mid-stream
      return handle.createReadStream();
    },
    async remove(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    async *list(): AsyncIterable<StoredObject> {
      let shards: string[];
      try {
        shards = await fsp.readdir(root);
      } catch {
        return;
      }
      for (const shard of shards) {
        if (!/^[0-9a-f]{2}$/.test(shard)) continue;
        for (const name of await fsp.readdir(path.join(root, shard)).catch(() => [] as string[])) {
          if (!STORAGE_KEY.test(name)) continue;
          const stat = await fsp.stat(path.join(root, shard, name)).catch(() => null);
          if (stat?.isFile()) yield { storageKey: name, modifiedAt: stat.mtime };
        }
      }
    },
  };
}

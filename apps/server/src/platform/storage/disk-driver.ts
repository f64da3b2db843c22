import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, STORAGE_KEY, type BlobDriver, type StoredObject } from './drivers.ts';

/** Local disk: `<root>/<first two characters>/<key>`, written to `<key>.part` then renamed. */
export function diskDriver(root: string): BlobDriver {
  const pathOf = (key: string) => {
    assertKey(key);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async write(key, source: Readable) {
      const final = pathOf(key);
      const temp = `${final}.part`;
      await fsp.mkdir(path.dirname(final), { recursive: true, mode: 0o700 });
      try {
        await pipeline(source, fs.createWriteStream(temp, { mode: 0o600, flags: 'wx' }));
        await fsp.rename(temp, final);
      } catch (err) {
        await fsp.rm(temp, { force: true });
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

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { removeBenchData } from './client.mjs';

/**
 * A benchmark's own server on `port`: a new data dir, its generated keys beside it (the default lives in
 * ~/.config/taxportal and would stay), the server's environment, and `remove` for both when the run ends.
 */
export function benchServerEnv(name, port) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tp-bench-${name}-`));
  const keyFile = `${dataDir}.keys.json`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    KEY_FILE: keyFile,
    LOG_LEVEL: 'warn',
  };
  const remove = () => removeBenchData(dataDir);
  return { dataDir, env, remove };
}

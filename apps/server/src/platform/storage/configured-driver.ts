import path from 'node:path';
import type { Config } from '../config.ts';
import { diskDriver } from './disk-driver.ts';
import type { BlobDriver } from './drivers.ts';
import { s3Driver } from './s3-driver.ts';

/**
 * The configured driver for one store: local disk under `DATA_DIR/<dir>`, or the S3 bucket under the `<dir>/`
 * prefix. The vault is `files`, the public site's media `media`: two places, one driver layer.
 */
export function configuredDriver(config: Config, dir: 'files' | 'media'): BlobDriver {
  if (config.STORAGE === 's3') {
    return s3Driver({
      bucket: config.S3_BUCKET ?? '',
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: `${dir}/`,
    });
  }
  return diskDriver(path.join(config.DATA_DIR, dir));
}

import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import { assertKey, type BlobDriver, type StoredObject } from './drivers.ts';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Objects live under this prefix (default `files/`). */
  prefix?: string;
}

/** S3's smallest part but the last. The driver holds at most one part per upload in memory. */
export const PART_BYTES = 5 * 1024 * 1024;

/** S3-compatible storage: a small object in one PutObject, a larger one as a multipart upload. */
export function s3Driver(o: S3Options): BlobDriver {
  // The SDK is loaded (and the client made) on first use: a process on disk storage never loads it.
  let sdk: Promise<{ s3: typeof S3; client: S3.S3Client }> | null = null;
  const connect = () =>
    (sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: o.region,
        endpoint: o.endpoint,
        forcePathStyle: o.forcePathStyle,
        credentials:
          o.accessKeyId && o.secretAccessKey
            ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey }
            : undefined,
        // S3-compatible servers differ in their support of the newer default checksums.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const prefix = o.prefix ?? 'files/';
  const Bucket = o.bucket;
  const keyOf = (key: string) => {
    assertKey(key);
    return `${prefix}${key}`;
  };

  return {
    async write(key, source: Readable) {
      const Key = keyOf(key);
      const { s3, client } = await connect();
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let uploadId: string | undefined;
      const parts: { ETag?: string; PartNumber: number }[] = [];
      const flushPart = async () => {
        const Body = Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
        if (!uploadId) {
          const created = await client.send(new s3.CreateMultipartUploadCommand({ Bucket, Key }));
          uploadId = created.UploadId;
        }
        const PartNumber = parts.length + 1;
        const res = await client.send(new s3.UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body }));
        parts.push({ ETag: res.ETag, PartNumber });
      };
      try {
        for await (const chunk of source) {
          pending.push(chunk as Buffer);
          pendingBytes += (chunk as Buffer).length;
          if (pendingBytes >= PART_BYTES) await flushPart();
        }
        if (!uploadId) {
          await client.send(new s3.PutObjectCommand({ Bucket, Key, Body: Buffer.concat(pending) }));
          return;
        }
        if (pendingBytes > 0) await flushPart();
        await client.send(
          new s3.CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
        );
      } catch (err) {
        if (uploadId) {
          await client.send(new s3.AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => {});
        }
        throw err;
      }
    },
    async read(key) {
      const { s3, client } = await connect();
      const res = await client.send(new s3.GetObjectCommand({ Bucket, Key: keyOf(key) }));
      if (!res.Body) throw new Error('empty object body');
      return res.Body as Readable;
    },
    async remove(key) {
      const { s3, client } = await connect();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async *list(): AsyncIterable<StoredObject> {
      const { s3, client } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const obj of page.Contents ?? []) {
          if (!obj.Key) continue;
          yield { storageKey: obj.Key.slice(prefix.length), modifiedAt: obj.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

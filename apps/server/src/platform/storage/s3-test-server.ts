import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-compatible server for tests, on loopback: path-style requests, the calls the S3 driver makes
 * (PutObject, CreateMultipartUpload, UploadPart, CompleteMultipartUpload, AbortMultipartUpload, GetObject,
 * DeleteObject, ListObjectsV2), S3's XML answers. It does not check signatures, but records every request
 * so tests can see that the real SDK signed them (Authorization: AWS4-HMAC-SHA256 ...).
 */
export interface FakeS3 {
  endpoint: string;
  objects: Map<string, { body: Buffer; modified: Date }>;
  requests: { method: string; url: string; authorization?: string }[];
  close(): Promise<void>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const etag = (b: Buffer) => `"${createHash('md5').update(b).digest('hex')}"`;

export async function startFakeS3(bucket: string): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; modified: Date }>();
  const uploads = new Map<string, { key: string; parts: Map<number, Buffer> }>();
  const requests: FakeS3['requests'] = [];

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    const [, b, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const q = url.searchParams;
    const send = (status: number, payload = '', headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/xml', ...headers });
      res.end(payload);
    };
    const error = (status: number, code: string) =>
      send(status, xml(`<Error><Code>${code}</Code><Message>${code}</Message></Error>`));
    if (b !== bucket) return error(404, 'NoSuchBucket');

    if (req.method === 'GET' && !key && q.get('list-type') === '2') {
      const prefix = q.get('prefix') ?? '';
      const max = Number(q.get('max-keys') ?? 1000);
      const after = q.get('continuation-token') ?? '';
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
      const page = keys.slice(0, max);
      const truncated = keys.length > max;
      const contents = page
        .map((k) => {
          const o = objects.get(k)!;
          return `<Contents><Key>${esc(k)}</Key><LastModified>${o.modified.toISOString()}</LastModified><ETag>${etag(o.body)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
        })
        .join('');
      return send(
        200,
        xml(
          `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${esc(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${esc(page[page.length - 1]!)}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`,
        ),
      );
    }
    if (req.method === 'POST' && q.has('uploads')) {
      const id = randomUUID();
      uploads.set(id, { key, parts: new Map() });
      return send(
        200,
        xml(
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${esc(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        ),
      );
    }
    if (req.method === 'PUT' && q.has('uploadId')) {
      const up = uploads.get(q.get('uploadId')!);
      if (!up) return error(404, 'NoSuchUpload');
      up.parts.set(Number(q.get('partNumber')), body);
      return send(200, '', { etag: etag(body) });
    }
    if (req.method === 'POST' && q.has('uploadId')) {
      const up = uploads.get(q.get('uploadId')!);
      if (!up) return error(404, 'NoSuchUpload');
      const numbers = [...body.toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
      const parts = numbers.map((n) => up.parts.get(n));
      if (parts.some((p) => !p)) return error(400, 'InvalidPart');
      objects.set(up.key, { body: Buffer.concat(parts as Buffer[]), modified: new Date() });
      uploads.delete(q.get('uploadId')!);
      return send(
        200,
        xml(
          `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${esc(key)}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`,
        ),
      );
    }
    if (req.method === 'DELETE' && q.has('uploadId')) {
      uploads.delete(q.get('uploadId')!);
      return send(204);
    }
    if (req.method === 'PUT') {
      objects.set(key, { body, modified: new Date() });
      return send(200, '', { etag: etag(body) });
    }
    if (req.method === 'GET') {
      const o = objects.get(key);
      if (!o) return error(404, 'NoSuchKey');
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(o.body.length),
        etag: etag(o.body),
        'last-modified': o.modified.toUTCString(),
      });
      return res.end(o.body);
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      return send(204);
    }
    return error(400, 'NotImplemented');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export interface Upload {
  name: string;
  data: Buffer;
  type?: string;
}

/** A multipart/form-data body: fields first (in order), then the files, as a browser's FormData sends. */
export function multipart(fields: Record<string, string>, files: Upload[], fileField = 'file') {
  const boundary = `----tp${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    const name = f.name.replace(/"/g, '%22').replace(/\r|\n/g, ' ');
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${fileField}"; filename="${name}"\r\ncontent-type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A JPEG photo carrying EXIF with a camera make and GPS position (what a phone writes). */
export async function jpegWithGps(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } } })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Secret Model' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 26/1 46/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 58/1 56/1',
      },
    })
    .jpeg()
    .toBuffer();
}

export const png = (w = 300, h = 200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/** A small valid PDF with a recognisable plaintext marker. */
export function pdf(marker = 'PLAINTEXT-MARKER-1234567890'): Buffer {
  const body = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >> endobj
4 0 obj << /Length ${marker.length + 20} >> stream
BT (${marker}) Tj ET
endstream endobj
trailer << /Root 1 0 R >>
%%EOF
`;
  return Buffer.from(body, 'latin1');
}

/** A PDF padded to exactly `size` bytes (a comment block before %%EOF). */
export function pdfOfSize(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  const fill = Buffer.alloc(size - head.length - tail.length, 0x41);
  return Buffer.concat([head, fill, tail]);
}

/** Windows' reserved device names: never a file name, with or without an extension. */
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
/** Control characters, bidi overrides and isolates, zero-width and other invisible format characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
const UNSAFE = /[<>:"/\\|?*]/g;
export const MAX_BASE_LENGTH = 120;

/**
 * A display and download name from what the client sent: no path parts, control or bidi characters or
 * reserved names, at most 120 characters before the extension, and the extension of the type the content
 * really is. Never used as a storage path (storage keys are random).
 */
export function cleanFileName(raw: string | undefined, ext: string): string {
  let name = (raw ?? '').normalize('NFC');
  name = name.split(/[/\\]/).pop() ?? '';
  name = name.replace(INVISIBLE, '').replace(UNSAFE, '_');
  // Drop the extension the client claimed; the sniffed type decides it.
  name = name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  name = name.replace(/^[\s.]+|[\s.]+$/g, '').replace(/\s+/g, ' ');
  if (RESERVED.test(name.split('.')[0] ?? '')) name = `_${name}`;
  const chars = [...name];
  if (chars.length > MAX_BASE_LENGTH) name = chars.slice(0, MAX_BASE_LENGTH).join('').trimEnd();
  if (!name) name = 'document';
  return `${name}.${ext}`;
}

/** A Content-Disposition header value that survives any name (RFC 6266 / 5987). */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

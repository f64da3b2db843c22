import { ApiError } from '../../lib/api/index.ts';
/**
 * Downloads a PDF from our API (a URL from endpointUrl) as a file. A failure throws the server's message
 * (SPEC §8: "Invoice download failure shows the server message").
 */
export async function downloadPdf(pdfUrl: string, fileName: string, fallback: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(pdfUrl, { credentials: 'same-origin', headers: { accept: 'application/pdf' } });
  } catch {
    throw new ApiError(0, fallback);
  }
  if (!res.ok) {
    let detail = fallback;
    try {
      const body = (await res.json()) as { detail?: unknown };
      if (typeof body.detail === 'string') detail = body.detail;
    } catch {
      // not problem+json
    }
    throw new ApiError(res.status, detail);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

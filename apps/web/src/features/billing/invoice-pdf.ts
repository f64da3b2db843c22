import { blobAt } from '../../lib/api/index.ts';
/**
 * Downloads a PDF from our API (a URL from endpointUrl) as a file. A failure throws the server's message
 * (SPEC §8: "Invoice download failure shows the server message").
 */
export async function downloadPdf(pdfUrl: string, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await blobAt(pdfUrl, 'application/pdf'));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DocumentUploader } from './document-uploader.tsx';

/** A stand-in XMLHttpRequest: records what is sent; the test answers it. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static count = 0;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
    FakeXhr.count++;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {}
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const doc = {
  id: 'd1',
  customer_id: 'c1',
  ticket_id: 't1',
  ticket_name: 'TD.0001',
  document_type_id: 'w2',
  document_type_name: 'W-2',
  kind: 'upload',
  visibility: 'shared',
  file_name: 'w2.pdf',
  content_type: 'application/pdf',
  size_bytes: 5,
  sha256: 'x',
  has_thumbnail: false,
  request_id: null,
  uploaded_by: 'c1',
  created_at: '2026-01-01T00:00:00Z',
  file_url: '/api/v1/documents/d1/file',
  thumbnail_url: null,
  can_delete: true,
};

beforeEach(() => {
  FakeXhr.last = null;
  FakeXhr.count = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  document.cookie = 'csrf_token=tok-123';
  mockApi({
    'GET /catalog/document-types': () =>
      json(200, { items: [{ id: 'w2', name: 'W-2', description: '', position: 0 }] }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function chooseType(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('document-type-select'));
  await user.click(await screen.findByRole('option', { name: 'W-2', hidden: true }));
}
const fileInput = () => screen.getByTestId('document-dropzone').querySelector('input[type=file]') as HTMLInputElement;

describe('DocumentUploader', () => {
  it('refuses a file over 10 MB before sending, with SPEC texts', async () => {
    renderWithProviders(<DocumentUploader />);
    const user = userEvent.setup({ applyAccept: false });
    await chooseType(user);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(fileInput(), big);
    const alert = await screen.findByTestId('upload-error');
    expect(alert).toHaveTextContent('File Size Exceeded.!');
    expect(alert).toHaveTextContent('Please Upload Files Below Size Of 10.0 MB...!');
    expect(screen.queryByTestId('pending-files')).toBeNull();
    await user.click(screen.getByTestId('upload-submit'));
    expect(FakeXhr.count).toBe(0);
  });

  it('takes a photo with the phone camera', async () => {
    renderWithProviders(<DocumentUploader />);
    const user = userEvent.setup({ applyAccept: false });
    const camera = screen.getByTestId('camera-input') as HTMLInputElement;
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'environment');
    await user.upload(camera, new File(['\xff\xd8\xff'], 'photo.jpg', { type: 'image/jpeg' }));
    expect(screen.getByTestId('pending-files')).toHaveTextContent('photo.jpg');
  });

  it('requires a document type', async () => {
    renderWithProviders(<DocumentUploader />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), new File(['%PDF-'], 'w2.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByTestId('upload-submit'));
    expect(await screen.findByText('Document type is required')).toBeInTheDocument();
    expect(FakeXhr.count).toBe(0);
  });

  it('sends the fields then the files with the CSRF header, shows progress, reports the stored documents', async () => {
    const onUploaded = vi.fn();
    renderWithProviders(<DocumentUploader ticketId="t1" requestId="r1" onUploaded={onUploaded} />);
    const user = userEvent.setup({ applyAccept: false });
    await chooseType(user);
    await user.upload(fileInput(), [
      new File(['%PDF-1'], 'w2.pdf', { type: 'application/pdf' }),
      new File(['%PDF-2'], 'w2b.pdf', { type: 'application/pdf' }),
    ]);
    await user.click(screen.getByTestId('upload-submit'));
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/documents');
    expect(xhr.headers['x-csrf-token']).toBe('tok-123');
    expect([...xhr.body!.keys()]).toEqual(['document_type', 'ticket_id', 'request_id', 'file', 'file']);
    expect(xhr.body!.get('document_type')).toBe('w2');
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    const progress = screen.getByTestId('upload-progress');
    expect(progress).toHaveTextContent('Your Image Is Being Upload.!');
    expect(progress).toHaveTextContent('Please wait...!');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    act(() => xhr.respond(201, { items: [doc] }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith([doc]));
    expect(screen.queryByTestId('upload-progress')).toBeNull();
    expect(screen.queryByTestId('pending-files')).toBeNull();
  });

  it("shows the server's refusal", async () => {
    renderWithProviders(<DocumentUploader />);
    const user = userEvent.setup({ applyAccept: false });
    await chooseType(user);
    await user.upload(fileInput(), new File(['<html>'], 'x.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByTestId('upload-submit'));
    act(() =>
      FakeXhr.last!.respond(415, {
        type: 'about:blank',
        title: 'Unsupported media type',
        status: 415,
        detail: 'Only JPEG, PNG, WebP, HEIC and PDF files are accepted.',
      }),
    );
    expect(await screen.findByTestId('upload-error')).toHaveTextContent(
      'Only JPEG, PNG, WebP, HEIC and PDF files are accepted.',
    );
  });
});

export { errorMessage, hasCsrfCookie, setApiTransport, setFallbackErrorMessage, type ApiTransport } from './client.ts';
export { blobAt, call, endpointUrl, postFormTo, uploadFormTo } from './call.ts';
export { isApiError } from './api-error.ts';
export { toastOnError } from './mutation-meta.ts';

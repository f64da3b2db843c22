export { errorMessage, setFallbackErrorMessage } from './client.ts';
export { blobAt, call, endpointUrl, postFormTo, uploadFormTo, type CallOptions } from './call.ts';
export { ApiError, isApiError } from './api-error.ts';
export { toastOnError, type AppMutationMeta } from './mutation-meta.ts';

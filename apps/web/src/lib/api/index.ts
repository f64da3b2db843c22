export { api, apiRequest, errorMessage, postForm, setFallbackErrorMessage, uploadForm } from './client.ts';
export { blobAt, call, endpointUrl, type CallOptions } from './call.ts';
export { ApiError, isApiError } from './api-error.ts';
export { queryString } from './query-string.ts';
export { toastOnError, type AppMutationMeta } from './mutation-meta.ts';

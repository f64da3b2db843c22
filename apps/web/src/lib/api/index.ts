export { api, apiRequest, errorMessage, getBlob, postForm, setFallbackErrorMessage, uploadForm } from './client.ts';
export { ApiError, isApiError } from './api-error.ts';
export { queryString } from './query-string.ts';
export { toastOnError, type AppMutationMeta } from './mutation-meta.ts';

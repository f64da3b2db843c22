export { api, apiRequest, readCsrfToken, setFallbackErrorMessage } from './client.ts';
export { ApiError, isApiError } from './api-error.ts';

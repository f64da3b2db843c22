export { api, apiRequest, readCsrfToken, setFallbackErrorMessage } from './client.ts';
export { call, endpointUrl, type CallOptions } from './call.ts';
export { ApiError, isApiError } from './api-error.ts';

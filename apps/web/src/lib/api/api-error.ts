import type { FieldError } from '@taxportal/contract';

/** A failed call: `detail` is the user-facing text (problem+json), `status` 0 means no answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly errors: FieldError[];

  constructor(status: number, detail: string, errors: FieldError[] = []) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.errors = errors;
  }

  /** The server's message for one field, if it named that field. */
  fieldMessage(field: string): string | undefined {
    return this.errors.find((e) => e.field === field)?.message;
  }
}

export const isApiError = (err: unknown): err is ApiError => err instanceof ApiError;

/** A failed API call; `message` is the server's `error` text or the caller's default (spec 1 §8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Whether a failed load means the record does not exist (or is outside the caller's scope, which reads alike). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

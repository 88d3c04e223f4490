/** The message of a failure, for logs: never the failing value or the event data it may hold. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** An error that maps to an HTTP answer; anything else becomes a 500 with no details. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

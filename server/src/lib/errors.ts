/**
 * The one error hierarchy of the API. Services throw these; the error handler maps them to
 * `{statusCode, error, message}`. Messages are written for the person who reads them.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'You need to sign in to do that.') =>
  new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

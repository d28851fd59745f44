/** An AWS API error: its HTTP status, its error code (`__type`) and message, as the SDK parses them. */
export class AwsError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

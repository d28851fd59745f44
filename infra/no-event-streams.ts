/**
 * Stands in for `@smithy/core/event-streams` in the Lambda bundles (`lambdaEsbuildOptions.alias`).
 * Event streams carry the replies of a few operations (S3 Select, Bedrock, Transcribe), none of
 * which a handler calls; yet every client's protocol imports their codec, and the S3 client builds
 * a marshaller for them when it is created: about 15 KB in every bundle. Here that marshaller
 * exists, and refuses to work should an event-stream operation ever be sent.
 */
const notBundled = (): never => {
  throw new Error('Event streams are not bundled in the Lambda handlers: see infra/no-event-streams.ts');
};

export const eventStreamSerdeProvider = () => ({ serialize: notBundled, deserialize: notBundled });

export const resolveEventStreamSerdeConfig = <T extends { eventStreamSerdeProvider: (input: T) => unknown }>(input: T) =>
  Object.assign(input, { eventStreamMarshaller: input.eventStreamSerdeProvider(input) });

export class EventStreamSerde {
  constructor() {
    notBundled();
  }
}

/**
 * The attribute and instrument names Labline's spans and metrics use, in one place. Stable OpenTelemetry
 * names come from the semantic-conventions package; the messaging ones are still incubating there, and
 * OpenTelemetry advises copying incubating names rather than importing them (they may change in a minor
 * release); `labline.*` names are our own.
 */
export {
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_SYSTEM_NAME,
  ATTR_DEPLOYMENT_ENVIRONMENT_NAME,
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVICE_INSTANCE_ID,
  ATTR_SERVICE_NAME,
  ATTR_SERVICE_VERSION,
  ATTR_URL_SCHEME,
  METRIC_HTTP_SERVER_REQUEST_DURATION,
} from '@opentelemetry/semantic-conventions';

export const ATTR_MESSAGING_SYSTEM = 'messaging.system';
export const ATTR_MESSAGING_DESTINATION_NAME = 'messaging.destination.name';
export const ATTR_MESSAGING_OPERATION_TYPE = 'messaging.operation.type';
export const ATTR_MESSAGING_OPERATION_NAME = 'messaging.operation.name';
export const ATTR_MESSAGING_CONSUMER_GROUP_NAME = 'messaging.consumer.group.name';
export const ATTR_MESSAGING_MESSAGE_BODY_SIZE = 'messaging.message.body.size';

/** The aggregate type of a stream (`patient` of `patient-42`): never the stream itself, which holds an id. */
export const ATTR_STREAM_CATEGORY = 'labline.stream.category';
export const ATTR_EVENT_TYPES = 'labline.event.types';
export const ATTR_EVENT_COUNT = 'labline.event.count';
export const ATTR_RELAY_NAME = 'labline.relay.name';
export const ATTR_RELAY_OUTCOME = 'labline.relay.outcome';
export const ATTR_CONSUMER_OUTCOME = 'labline.consumer.outcome';

export const METRIC_RELAY_BACKLOG = 'labline.relay.backlog';
export const METRIC_RELAY_PUBLISHED = 'labline.relay.published';
export const METRIC_RELAY_FAILURES = 'labline.relay.failures';
export const METRIC_CONSUMER_LAG = 'labline.consumer.lag';
export const METRIC_CONSUMER_MESSAGES = 'labline.consumer.messages';

import { ID_PATTERN, PathParam } from '../common/path-param.js';
import type { PathParamSpec } from '../common/path-param.js';

const WEBHOOK_ID: PathParamSpec = {
  name: 'id',
  pattern: ID_PATTERN,
  notFound: 'There is no such webhook.',
  description:
    "The webhook's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404.",
  schema: { type: 'integer', format: 'int64', minimum: 1 },
};

/** The route's `:id`, or 404 when it cannot name a webhook, before any body is judged. */
export const WebhookId = () => PathParam(WEBHOOK_ID);

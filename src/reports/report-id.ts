import { ID_PATTERN, PathParam } from '../common/path-param.js';
import type { PathParamSpec } from '../common/path-param.js';

/** A report's `{id}`: an integer, as `id` in bodies. */
const REPORT_ID: PathParamSpec = {
  name: 'id',
  pattern: ID_PATTERN,
  notFound: 'There is no such report.',
  description:
    "The report's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404.",
  schema: { type: 'integer', format: 'int64', minimum: 1 },
};

/** The route's `:id`, or 404 when it cannot name a report. */
export const ReportId = () => PathParam(REPORT_ID);

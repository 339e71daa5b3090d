import { PathParam } from '../../common/path-param.js';
import type { PathParamSpec } from '../../common/path-param.js';

/** The largest run number: the integer column that holds it. */
export const MAX_RUN_NUMBER = 2_147_483_647;

const RUN_NUMBER: PathParamSpec<number> = {
  name: 'run',
  pattern: /^[1-9]\d{0,9}$/,
  parse: (text) => (Number(text) > MAX_RUN_NUMBER ? null : Number(text)),
  notFound: 'There is no such run of this report.',
  description:
    "The run's `run` number: create is run 1, each re-run adds one. A positive integer written without leading zeros; anything else, or a run not kept, answers 404.",
  schema: { type: 'integer', minimum: 1, maximum: MAX_RUN_NUMBER },
};

/** The route's `:run` as a number, or 404 when it cannot name a run. */
export const RunNumber = () => PathParam(RUN_NUMBER);

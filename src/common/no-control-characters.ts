import { Matches } from 'class-validator';

/** PostgreSQL text cannot hold NUL, and no URL or host holds a control character. */
// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

/** A text parameter that may hold no control character (a 422 naming it, not a database error). */
export const NoControlCharacters = (field: string) =>
  Matches(NO_CONTROL_CHARACTERS, {
    message: `${field} must not contain control characters`,
  });

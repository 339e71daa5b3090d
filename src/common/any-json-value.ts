/** The OpenAPI schema of a field that may hold any JSON value (a check's evidence, a changed field). */
export const ANY_JSON_VALUE = {
  anyOf: [
    { type: 'string' },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'array', items: {} },
    { type: 'object', additionalProperties: true },
    { type: 'null' },
  ],
};

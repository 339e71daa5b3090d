/** The one route whose body carries a logo (app.setup.ts gives it its own body limit). */
export const BRANDING_PATH = '/api/v1/account/branding';

/**
 * Its body limit: a logo of 256 KiB is about 342 KiB in base64 (a little more in a
 * form, where `+` and `/` are escaped), with room for the other fields. Every other
 * route keeps 16 KiB.
 */
export const BRANDING_BODY_LIMIT_KIB = 384;

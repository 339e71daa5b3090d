import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks secrets start with this; the rest is the base64 of the key. */
export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 24 random bytes (192 bits), as Standard Webhooks writes them. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

/**
 * The `webhook-signature` header of Standard Webhooks: `v1,` and the base64 of the
 * HMAC-SHA256, keyed with the secret's decoded bytes, of `{id}.{timestamp}.{body}`.
 */
export function signWebhook(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key)
    .update(`${messageId}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

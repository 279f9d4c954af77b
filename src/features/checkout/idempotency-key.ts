/**
 * A fresh Idempotency-Key (design.md section 4). crypto.randomUUID exists only in secure
 * contexts, and the app may be opened over plain http on a local network, so random bytes
 * (available everywhere) stand in for it there.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

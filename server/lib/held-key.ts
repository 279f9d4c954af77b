/**
 * The Idempotency-Key a request holds, set by the idempotency plugin (http/idempotency.ts) on
 * the routes that declare `config.idempotent` when the call carries a key it could claim. A
 * route hands it, through `keepReply` of modules/idempotency, to the transaction of its work,
 * which writes the reply into the key before it commits.
 */
export interface HeldKey {
  userId: number;
  key: string;
  /** This claim's lease token: the reply is written only while the key still carries it. */
  token: string;
  /** The reply text exactly as the route sends it for `status` (its response schema). */
  serialize(status: number, payload: unknown): string;
  /** Set once a transaction has written the reply with its work. */
  kept: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: HeldKey | null;
  }
}

import type { ErrorReply } from '#contract/envelope';

/** The body of every refusal (design.md section 4), as the API suites read it. */
export type ErrorBody = ErrorReply;

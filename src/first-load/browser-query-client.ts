import { createQueryClient } from '../lib/query-client';

/**
 * The browser's one query client. Made once, outside rendering: a first render thrown away and
 * redone (an update interrupting it) would otherwise make a second client and lose what the
 * first had put in its cache. src/main.tsx fills it from a server-rendered page before that.
 */
export const browserQueryClient = createQueryClient();

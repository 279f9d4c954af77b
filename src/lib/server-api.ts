/**
 * The API as the server calls it while rendering a screen into HTML (src/server-entry.tsx):
 * in-process, the same routes and replies the browser gets. `path` is relative to /api/, like
 * the `http` client's; the answer is the reply's `data`, or null for anything but a 200.
 */
export type ServerApi = <T>(path: string) => Promise<T | null>;

import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  RENDER_HINT_COOKIE,
  RENDER_HINT_MAX_LENGTH,
  SERVER_STATE_ID,
  type RenderHint,
  type ServerApi,
} from '#contract/render-hint';

/**
 * A signed-in customer's home and dish pages rendered into the HTML the server sends
 * (docs/decisions/016). The app for Node is a build of its own (build/server-entry.ts,
 * dist/ssr/server-entry.js); it renders from the render-hint cookie and from
 * this server's own API, called in-process. Anything missing or wrong (no build of it, no
 * cookie, a cookie that does not fit, a dish that is gone, a render that throws) sends the page
 * as before: the app shell with its splash, drawn by the browser.
 */

const RenderHintSchema: z.ZodType<RenderHint> = z.object({
  user: z.object({
    id: z.union([z.number().int(), z.string().max(64)]),
    name: z.string().max(200).nullable(),
    avatar: z.string().max(300).nullable(),
    role: z.string().max(20).nullable(),
  }),
  location: z
    .object({
      lat: z.number().min(-90).max(90),
      lon: z.number().min(-180).max(180),
      address: z.string().max(400).nullable(),
    })
    .nullable(),
});

/** The cookie's hint, or null when there is none the server can use. */
export function readRenderHint(request: FastifyRequest): RenderHint | null {
  const header = request.headers.cookie;
  if (!header) return null;
  const prefix = `${RENDER_HINT_COOKIE}=`;
  const value = header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (!value || value.length > RENDER_HINT_MAX_LENGTH || !/^[\w-]+$/.test(value)) return null;
  try {
    const parsed = RenderHintSchema.safeParse(
      JSON.parse(Buffer.from(value, 'base64url').toString('utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

interface ServerEntry {
  renderScreen(
    pathname: string,
    hint: RenderHint,
    api: ServerApi,
  ): Promise<{ html: string; state: unknown } | null>;
}

/** Where the build puts the app for Node, under the static directory (build/server-entry.ts). */
export const SERVER_ENTRY_DIR = 'ssr';
const ENTRY_FILE = path.join(SERVER_ENTRY_DIR, 'server-entry.js');

/**
 * The build's server entry, imported again when a deploy replaced it (its modification time is
 * part of the URL): the screens it draws must match the scripts the browser gets.
 */
async function loadEntry(staticDir: string): Promise<ServerEntry | null> {
  const file = path.join(staticDir, ENTRY_FILE);
  let version: number;
  try {
    version = (await stat(file)).mtimeMs;
  } catch {
    return null;
  }
  return (await import(`${pathToFileURL(file).href}?v=${version}`)) as ServerEntry;
}

/** JSON inside a <script> element: nothing in it may close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export interface RenderedPage {
  /** The inner HTML of #root. */
  screen: string;
  /** The script with the state the browser hydrates the screen from, to follow #root. */
  state: string;
}

/** This request's screen, or null when the page is to be sent as the app shell. */
export async function renderForRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  staticDir: string,
  pathname: string,
): Promise<RenderedPage | null> {
  const hint = readRenderHint(request);
  if (!hint) return null;
  try {
    const entry = await loadEntry(staticDir);
    if (!entry) return null;
    // The same routes and replies the browser would get, without a socket. Only public reads:
    // the cookie carries no credentials.
    const api: ServerApi = async (apiPath) => {
      const reply = await app.inject({
        method: 'GET',
        url: `/api/${apiPath}`,
        headers: { accept: 'application/json', 'accept-language': 'vi' },
      });
      if (reply.statusCode !== 200) return null;
      return (reply.json<{ data?: unknown }>().data ?? null) as never;
    };
    const screen = await entry.renderScreen(pathname, hint, api);
    if (!screen) return null;
    return {
      screen: screen.html,
      state: `<script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(screen.state)}</script>`,
    };
  } catch (error) {
    // The shell still works: the browser draws the screen itself, as on any uncached page.
    request.log.error({ err: error }, 'server render failed; sending the app shell');
    return null;
  }
}

import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin the way fastify-plugin does, without depending on it: its hooks, decorators
 * and onRoute handlers apply to the instance that registers it (the root), not to an
 * encapsulated child, so they reach every route registered after it.
 */
export function rootPlugin<Options extends Record<string, unknown>>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
}

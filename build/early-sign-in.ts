import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';

const SOURCE = 'src/first-load/early-sign-in.ts';

/**
 * The sign-in script that runs before the app (src/first-load/early-sign-in.ts), bundled on its
 * own and inlined into index.html ahead of the page's other scripts: it has to listen before
 * index.html's hold of early presses does, and a file of its own would be one more round trip
 * on the slow link it is for. The server's Content-Security-Policy admits it by the hash of
 * its text, as it does every inline script of index.html.
 */
export function earlySignIn(define: Record<string, string>): Plugin {
  return {
    name: 'mon-ngon:early-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const result = await build({
          configFile: false,
          logLevel: 'warn',
          publicDir: false,
          define,
          build: {
            write: false,
            minify: true,
            emptyOutDir: false,
            copyPublicDir: false,
            rolldownOptions: {
              input: path.resolve(SOURCE),
              output: { format: 'iife', codeSplitting: false },
            },
          },
        });
        const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
        const chunk = outputs
          .flatMap((output) => output.output)
          .find((item): item is Rolldown.OutputChunk => item.type === 'chunk');
        if (!chunk) throw new Error('early sign-in: nothing was built');
        const code = chunk.code.trim();
        if (/<\/script/i.test(code)) throw new Error('early sign-in: the script closes its tag');
        const at = html.indexOf('<script');
        if (at < 0) throw new Error('early sign-in: index.html has no script to go before');
        return `${html.slice(0, at)}<script>${code}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}

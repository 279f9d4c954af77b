import { createHash } from 'node:crypto';
import path from 'node:path';
import type { AcceptedPlugin } from 'postcss';
import postcssPresetMantine from 'postcss-preset-mantine';
import type { CSSOptions } from 'vite';

// Mantine's mixins (hover, smaller-than, light-dark, rem) for CSS modules. The package only
// declares itself as an untyped module.
const mantinePreset = postcssPresetMantine as () => AcceptedPlugin;

/**
 * Class names of CSS modules: `_<class>_<hash of the file's path>`. The server's copy of the app
 * (build/server-entry.ts) is a build of its own, and a hydrated screen needs the very names the
 * browser's CSS uses; a name made from the path alone is the same in both.
 */
function scopedName(name: string, filename: string): string {
  const file = path.relative(process.cwd(), filename.split('?')[0]!).split(path.sep).join('/');
  return `_${name}_${createHash('sha256').update(file).digest('hex').slice(0, 6)}`;
}

/** The CSS options of the browser's build and of the server entry's, which must agree. */
export const css: CSSOptions = {
  postcss: { plugins: [mantinePreset()] },
  modules: { generateScopedName: scopedName },
};

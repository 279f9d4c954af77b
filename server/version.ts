import { readFileSync } from 'node:fs';

/** Read once from package.json so /api/health reports exactly what is deployed. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

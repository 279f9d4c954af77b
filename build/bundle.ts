import type { Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/** The chunks of a finished bundle, and each by its file name. */
export function chunksOf(bundle: Rolldown.OutputBundle): {
  chunks: OutputChunk[];
  byName: Map<string, OutputChunk>;
} {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  return { chunks, byName: new Map(chunks.map((chunk) => [chunk.fileName, chunk])) };
}

/**
 * The app's entry chunk (the one index.html loads), or undefined in the service worker's build:
 * vite-plugin-pwa builds sw/sw.ts separately, with these plugins too.
 */
export function appEntryOf(chunks: OutputChunk[]): OutputChunk | undefined {
  return chunks.find(
    (chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html') === true,
  );
}

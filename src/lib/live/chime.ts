import { useSyncExternalStore } from 'react';

/** A two-tone chime, under 30 KB; precached with the app so it rings offline too. */
export const CHIME_URL = '/sounds/new-order.wav';
/** The tablet's choice survives a reload; the browser still wants a tap before any sound. */
const STORAGE_KEY = 'newOrderSound';

let context: AudioContext | null = null;
let buffer: AudioBuffer | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of [...listeners]) listener();
}

function readWanted(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

function writeWanted(on: boolean) {
  try {
    if (on) localStorage.setItem(STORAGE_KEY, 'on');
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode: the choice lasts until the page closes.
  }
  notify();
}

export interface ChimeState {
  /** The user turned the sound on (on this device, kept across reloads). */
  wanted: boolean;
  /** Sound can play now: the audio context runs and the chime is loaded. */
  ready: boolean;
}

let snapshot: ChimeState = { wanted: false, ready: false };

function current(): ChimeState {
  const next = { wanted: readWanted(), ready: context?.state === 'running' && buffer !== null };
  if (next.wanted !== snapshot.wanted || next.ready !== snapshot.ready) snapshot = next;
  return snapshot;
}

/**
 * Turns the sound on. Must run inside the tap that asked for it: browsers start an
 * AudioContext suspended otherwise. Plays the chime once, so the kitchen hears how loud it is.
 */
export async function enableChime(): Promise<boolean> {
  writeWanted(true);
  const Context = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!Context) return false;
  try {
    context ??= new Context();
    context.onstatechange = notify;
    const resumed = context.resume();
    if (!buffer) {
      const response = await fetch(CHIME_URL);
      if (!response.ok) throw new Error(`Chime answered ${response.status}`);
      buffer = await context.decodeAudioData(await response.arrayBuffer());
    }
    await resumed;
    notify();
    playChime();
    return true;
  } catch {
    // No sound device or the file could not be read: the banner and the title still tell.
    notify();
    return false;
  }
}

export function disableChime(): void {
  writeWanted(false);
}

/** Plays the chime once when sound is on and allowed; otherwise does nothing. */
export function playChime(): void {
  if (!readWanted() || !context || !buffer || context.state !== 'running') return;
  const source = context.createBufferSource();
  source.buffer = buffer;
  source.connect(context.destination);
  source.start();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverState: ChimeState = { wanted: false, ready: false };

export function useChime(): ChimeState {
  return useSyncExternalStore(subscribe, current, () => serverState);
}

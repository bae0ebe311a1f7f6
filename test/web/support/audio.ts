import { vi } from 'vitest';

/** What a sound recorder gives a test: the notes played, and a way to start over. */
export interface SoundRecorder {
  /** The frequency of every note started, in order. */
  readonly played: number[];
  /** Forget the notes played so far. */
  clear(): void;
  /** Stub the stand-in AudioContext as the global (again, after vi.unstubAllGlobals). */
  install(): void;
}

/**
 * Every note started on the stand-in, in order: one list per worker, as lib/sounds keeps the first context it
 * creates. Kept on globalThis, not in this module: after another file's vi.resetModules() this module is loaded
 * afresh while lib/sounds may keep a context made by its earlier instance (files share a worker's modules).
 */
const worker = globalThis as typeof globalThis & { soundsPlayedInThisWorker?: number[] };
const played: number[] = (worker.soundsPlayedInThisWorker ??= []);

/**
 * A stand-in for the browser's AudioContext (jsdom has none) that records the
 * frequency of every note started, so tests can tell which sound played. Not
 * installed until `install()`. lib/sounds keeps the first context it creates,
 * so the stand-in and its list are one for every file a worker runs (files
 * share their modules: vitest.config.ts); `clear()` starts a test afresh.
 */
class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  resume = async () => undefined;
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (next: unknown) => next };
  }
  createOscillator() {
    let frequency = 0;
    return {
      type: 'sine',
      frequency: { setValueAtTime: (value: number) => void (frequency = value) },
      connect: (next: unknown) => next,
      start: () => played.push(frequency),
      stop() {},
    };
  }
}

export function soundRecorder(): SoundRecorder {
  return {
    played,
    clear: () => void played.splice(0),
    install: () => void vi.stubGlobal('AudioContext', FakeAudioContext),
  };
}

import { vi } from 'vitest';

/**
 * A stand-in for the browser's AudioContext (jsdom has none) that records the
 * frequency of every note started, so tests can tell which sound played.
 * lib/sounds keeps the first context it creates, so install it once per file.
 */
export function recordSounds() {
  const played: number[] = [];
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
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return {
    played,
    clear: () => void played.splice(0),
  };
}

/**
 * Success and error sounds (spec section 8: "Success plays a success sound and
 * errors an error sound"), synthesised with WebAudio so the site ships no
 * audio files. A missing or blocked AudioContext is silently ignored: a sound
 * must never break the action it accompanies.
 */
type AudioContextCtor = typeof AudioContext;

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined') return null;
  const Ctor: AudioContextCtor | undefined =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext;
  if (!Ctor) return null;
  context ??= new Ctor();
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  return context;
}

export interface Note {
  frequency: number;
  /** Seconds after the sound starts. */
  at: number;
  duration: number;
}

function play(notes: readonly Note[], wave: OscillatorType, volume: number): void {
  try {
    const ctx = audio();
    if (!ctx) return;
    const start = ctx.currentTime;
    for (const note of notes) {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = wave;
      oscillator.frequency.setValueAtTime(note.frequency, start + note.at);
      gain.gain.setValueAtTime(0.0001, start + note.at);
      gain.gain.exponentialRampToValueAtTime(volume, start + note.at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.duration);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(start + note.at);
      oscillator.stop(start + note.at + note.duration + 0.02);
    }
  } catch {
    // Autoplay policy or a broken audio device: stay silent.
  }
}

/** Two rising notes. */
export const SUCCESS_NOTES: readonly Note[] = [
  { frequency: 660, at: 0, duration: 0.12 },
  { frequency: 990, at: 0.12, duration: 0.18 },
];

/** Two low falling notes. */
export const ERROR_NOTES: readonly Note[] = [
  { frequency: 220, at: 0, duration: 0.15 },
  { frequency: 165, at: 0.16, duration: 0.25 },
];

export function playSuccessSound(): void {
  play(SUCCESS_NOTES, 'sine', 0.2);
}

export function playErrorSound(): void {
  play(ERROR_NOTES, 'square', 0.08);
}

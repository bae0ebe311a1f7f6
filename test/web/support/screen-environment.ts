import { act, cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { staffQueryClient } from '@web/lib/staff-query';
import { soundRecorder, type SoundRecorder } from './audio';
import { installMatchMedia } from './browser-apis';
import { FakeWebSocket, setTabVisibility } from './fake-websocket';

export interface ScreenEnvironmentOptions {
  /** Install the recording AudioContext stand-in (default true). */
  sounds?: boolean;
  /**
   * Before each test: 'installed' resets FakeWebSocket and stubs it as the
   * global WebSocket; 'reset' only resets it (renderAdminPortal installs it
   * itself); both make the tab visible. 'none' leaves sockets and the tab
   * alone. Default 'installed'.
   */
  webSocket?: 'installed' | 'reset' | 'none';
  /** After each test, undo every vi.stubGlobal, then put matchMedia and the sound stand-in back (default false). */
  unstubGlobals?: boolean;
}

/**
 * Registers the hooks every component test file needs: matchMedia (and the
 * sound recorder) once per file; before each test an empty sessionStorage,
 * no sounds played and a fresh socket; after each test unmounted, no toasts,
 * an empty staff query cache, real timers and spies restored. Returns the sound recorder.
 */
export function useScreenEnvironment(options: ScreenEnvironmentOptions = {}): SoundRecorder {
  const withSounds = options.sounds ?? true;
  const webSocket = options.webSocket ?? 'installed';
  const sounds = soundRecorder();
  beforeAll(() => {
    installMatchMedia(false);
    if (withSounds) sounds.install();
  });
  beforeEach(() => {
    sessionStorage.clear();
    sounds.clear();
    if (webSocket === 'none') return;
    FakeWebSocket.reset();
    if (webSocket === 'installed') vi.stubGlobal('WebSocket', FakeWebSocket);
    setTabVisibility('visible');
  });
  afterEach(() => {
    cleanup();
    act(() => toast.remove());
    staffQueryClient.clear();
    vi.useRealTimers();
    vi.restoreAllMocks();
    if (!options.unstubGlobals) return;
    vi.unstubAllGlobals();
    installMatchMedia(false);
    if (withSounds) sounds.install();
  });
  return sounds;
}

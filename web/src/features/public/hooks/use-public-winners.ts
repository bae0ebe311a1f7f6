import { useEffect, useState } from 'react';
import { fetchPublicWinners, type PublicWinners } from '../api/winners';

export type WinnersState = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; data: PublicWinners };

export function usePublicWinners(): WinnersState {
  const [state, setState] = useState<WinnersState>({ phase: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchPublicWinners(controller.signal)
      .then((data) => {
        if (controller.signal.aborted) return;
        if (!data || !Array.isArray(data.Winners)) throw new Error('unexpected winners response');
        setState({ phase: 'ready', data });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the winners', error);
        setState({ phase: 'error' });
      });
    return () => controller.abort();
  }, []);
  return state;
}

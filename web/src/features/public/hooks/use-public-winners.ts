import { useQuery } from '@web/hooks/use-query';
import { fetchPublicWinners, type PublicWinners } from '../api/winners';

export type WinnersState = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; data: PublicWinners };

async function loadWinners(signal: AbortSignal) {
  const data = await fetchPublicWinners(signal);
  if (!data || !Array.isArray(data.Winners)) throw new Error('unexpected winners response');
  return data;
}

export function usePublicWinners(): WinnersState {
  const { data, error, loading } = useQuery('public-winners', loadWinners, {
    failureLog: 'Could not load the winners',
  });
  // a public page shows its loading text until its own answer, as on a first visit
  return error ? { phase: 'error' } : data && !loading ? { phase: 'ready', data } : { phase: 'loading' };
}

import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';

/** Where the router ended up, for redirects away from the page under test. */
export function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/** Where the page navigated to, once it left (as `Where` shows it). */
export const landedOn = async (): Promise<string | null> => (await screen.findByTestId('where')).textContent;

import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

// The declarative router: the data router's extra ~17 KB gzipped would not fit
// the home page's 90 KB budget (DESIGN section 9) and no page uses loaders.
export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}

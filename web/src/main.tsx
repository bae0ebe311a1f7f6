import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyTheme, DEFAULT_THEME } from './lib/theme';
import './styles/index.css';

applyTheme(DEFAULT_THEME);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(<App />);

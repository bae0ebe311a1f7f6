/** What other features use of the regulator's window: its page (loaded lazily by the login entry, its own chunk). */
export { RegulatorWindowPage } from './components/RegulatorWindowPage';

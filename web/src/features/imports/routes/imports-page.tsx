import { ImportsScreen } from '../components/imports-screen.tsx';

export { ImportsScreen as Component };

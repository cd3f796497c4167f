import { HomeScreen } from '../components/home-screen.tsx';

/** /: the landing page (docs/product-rules.md#screens). */
export { HomeScreen as Component };

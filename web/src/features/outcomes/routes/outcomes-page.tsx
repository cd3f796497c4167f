import { OutcomesScreen } from '../components/outcomes-screen.tsx';

/** /outcomes: the curves and the summary of a cohort (docs/product-rules.md#outcomes). */
export { OutcomesScreen as Component };

import { PatientsScreen } from '../components/list/patients-screen.tsx';

export { PatientsScreen as Component };

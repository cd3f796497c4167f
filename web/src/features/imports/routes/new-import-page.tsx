import { UploadScreen } from '../components/upload-screen.tsx';

export { UploadScreen as Component };

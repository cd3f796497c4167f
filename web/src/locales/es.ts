import { es as shared } from '@registry/shared/locales/es';
import web from './es/translation.json';

/** The texts every screen needs in this language: the shell's and those shared with the server. */
export default { ...web, ...shared };

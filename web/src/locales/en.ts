import { en as shared } from '@registry/shared/locales/en';
import web from './en/translation.json';

/** The texts every screen needs in this language: the shell's and those shared with the server. */
export default { ...web, ...shared };

export { CompleteProfilePage } from './CompleteProfilePage';
export { LockedPage } from './LockedPage';
export { LoginPage } from './LoginPage';
export { PasswordResetPage } from './PasswordResetPage';
export { PrivacyPolicyPage } from './PrivacyPolicyPage';
export { SsoPage } from './SsoPage';
export { TermsPage } from './TermsPage';
export { TosKeyPage } from './TosKeyPage';

import { CLD_LIST_PATH, CLD_TEXT } from '../../../domain/cld/access';
import { LoginPage } from './LoginPage';

/**
 * /cld/login and /cld/login/locked (document 002): the sign-in page with its captcha,
 * lockout and resetEmail, landing on the CLD list, whose access rule then applies.
 */
export function CldLoginPage({ locked = false }: { locked?: boolean }) {
  return <LoginPage locked={locked} title={CLD_TEXT.loginTitle} intro={CLD_TEXT.loginIntro} landing={CLD_LIST_PATH} />;
}

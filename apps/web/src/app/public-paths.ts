import { paths } from '../config/paths';

/** The pages a first visit can start in the small sign-in app; every other path belongs to the dashboard app. */
export function isPublicPath(pathname: string): boolean {
  return [paths.login(), paths.verified(), paths.forgotPassword(), paths.resetPassword()].includes(pathname);
}

// The sign-in pages in one chunk, which the small sign-in app and the dashboard app's router both load.
export { LoginPage } from '../features/auth/routes/login-page';
export { VerifiedPage } from '../features/auth/routes/verified-page';
export { ForgotPasswordPage } from '../features/auth/routes/forgot-password-page';
export { ResetPasswordPage } from '../features/auth/routes/reset-password-page';

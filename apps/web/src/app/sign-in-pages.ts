// The sign-in pages in one chunk, which the small sign-in app and the dashboard app's router both load.
export { LoginPage } from '../features/auth/routes/login-page';
export { VerifiedPage } from '../features/auth/routes/verified-page';

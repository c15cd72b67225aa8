import type { Page } from 'playwright-core';

let counter = 0;
/** A fresh address per test, so tests never share an account. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@studio.test`;
}

export const PASSWORD = 'correct horse battery';

/** Fills the visible face of the login card and submits it. */
export async function submitCredentials(page: Page, email: string, password: string, button: 'Log in' | 'Sign up') {
  const face = page.locator(button === 'Log in' ? '.auth-face-login' : '.auth-face-signup');
  // Typed key by key, as a person does: a form that re-renders on every keystroke must keep its value.
  const emailField = face.getByLabel('Email');
  await emailField.fill('');
  await emailField.pressSequentially(email);
  await face.getByLabel('Password').fill(password);
  await face.getByRole('button', { name: button, exact: true }).click();
}

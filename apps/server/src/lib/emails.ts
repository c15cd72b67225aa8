import type { Mail } from './mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function verificationEmail(to: string, link: string): Mail {
  const subject = 'Verify your email for LiveOps Dashboard';
  const text = [
    'Welcome to LiveOps Dashboard!',
    '',
    'Confirm your email address to start managing your games:',
    link,
    '',
    'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
  ].join('\n');
  const safeLink = escapeHtml(link);
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f5fb;padding:32px;color:#161b33">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">Verify your email</h1>
<p style="line-height:1.5">Welcome to LiveOps Dashboard! Confirm your email address to start managing your games.</p>
<p style="margin:24px 0"><a href="${safeLink}" style="background:#5b6cff;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">Verify email</a></p>
<p style="font-size:13px;color:#5b6280;line-height:1.5">Or paste this link into your browser:<br><a href="${safeLink}">${safeLink}</a></p>
<p style="font-size:13px;color:#5b6280">The link works once and expires in 24 hours. If you did not sign up, ignore this email.</p>
</div></body></html>`;
  return { to, subject, text, html };
}

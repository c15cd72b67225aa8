import type { Mail } from '../email/mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type Message = {
  to: string;
  subject: string;
  heading: string;
  /** The paragraph above the button; plain text. */
  intro: string;
  button: string;
  link: string;
  /** The small print under the link; plain text. */
  footer: string;
};

/** Every email the product sends: a heading, a line, one button with its link spelled out, and the small print. */
function linkEmail({ to, subject, heading, intro, button, link, footer }: Message): Mail {
  const text = [intro, '', link, '', footer].join('\n');
  const safeLink = escapeHtml(link);
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f5fb;padding:32px;color:#161b33">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
<p style="line-height:1.5">${escapeHtml(intro)}</p>
<p style="margin:24px 0"><a href="${safeLink}" style="background:#5b6cff;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#5b6280;line-height:1.5">Or paste this link into your browser:<br><a href="${safeLink}">${safeLink}</a></p>
<p style="font-size:13px;color:#5b6280">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { to, subject, text, html };
}

export function verificationEmail(to: string, link: string): Mail {
  return linkEmail({
    to,
    subject: 'Verify your email for LiveOps Dashboard',
    heading: 'Verify your email',
    intro: 'Welcome to LiveOps Dashboard! Confirm your email address to start managing your games.',
    button: 'Verify email',
    link,
    footer: 'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
  });
}

export function passwordResetEmail(to: string, link: string, ttlSeconds: number): Mail {
  const hours = ttlSeconds / 3600;
  const expiry = Number.isInteger(hours)
    ? `${hours} hour${hours === 1 ? '' : 's'}`
    : `${Math.round(ttlSeconds / 60)} minutes`;
  return linkEmail({
    to,
    subject: 'Reset your LiveOps Dashboard password',
    heading: 'Reset your password',
    intro:
      'Someone, hopefully you, asked to reset the password of your LiveOps Dashboard account. Choose a new one here; every device signed in to your account will be signed out.',
    button: 'Choose a new password',
    link,
    footer: `The link works once and expires in ${expiry}. If you did not ask for it, ignore this email: your password stays as it is.`,
  });
}

export function invitationEmail(
  to: string,
  invite: { studioName: string; inviter: string; role: string; link: string; days: number },
): Mail {
  return linkEmail({
    to,
    subject: `${invite.inviter} invited you to ${invite.studioName} on LiveOps Dashboard`,
    heading: `Join ${invite.studioName}`,
    intro: `${invite.inviter} invited you to join the studio ${invite.studioName} on LiveOps Dashboard as ${invite.role}. Accept with an account for this address (${to}); you can create one from the link.`,
    button: 'See the invitation',
    link: invite.link,
    footer: `The link works for ${invite.days} days. If you did not expect it, ignore this email: nothing happens unless you accept.`,
  });
}

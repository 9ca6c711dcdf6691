import escapeHtml from 'escape-html';

function layout(
  title: string,
  paragraphs: string[],
  button: { label: string; link: string },
  footer: string,
) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="margin:0;background:#f8fafc;font-family:Arial,sans-serif;color:#0f172a">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-size:18px;font-weight:bold;margin:0 0 24px">Prop Firm Club</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(button.link)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(button.label)}</a></p>
<p style="font-size:13px;color:#475569;margin:0 0 8px">If the button does not work, copy this link into your browser:<br>${escapeHtml(button.link)}</p>
<p style="font-size:13px;color:#475569;margin:16px 0 0">${escapeHtml(footer)}</p>
</div></body></html>`;
}

const greeting = (firstName: string) => (firstName ? `Hi ${firstName},` : 'Hi,');

export function renderVerificationEmail({ link, firstName }: { link: string; firstName: string }) {
  const subject = 'Verify your email for Prop Firm Club';
  const intro =
    'Thanks for joining Prop Firm Club. Confirm your email address to write reviews and enter giveaways.';
  const footer =
    "The link is valid for 24 hours. If you didn't create an account, you can ignore this email.";
  return {
    subject,
    text: `${greeting(firstName)}\n\n${intro}\n\nVerify your email: ${link}\n\n${footer}\n\nProp Firm Club\n`,
    html: layout('Verify your email', [greeting(firstName), intro], { label: 'Verify email', link }, footer),
  };
}

export function renderResetEmail({ link, firstName }: { link: string; firstName: string }) {
  const subject = 'Reset your Prop Firm Club password';
  const intro = 'We received a request to reset your password. Choose a new one with the link below.';
  const footer =
    "The link is valid for 1 hour and works once. If you didn't ask for this, you can ignore this email: your password stays the same.";
  return {
    subject,
    text: `${greeting(firstName)}\n\n${intro}\n\nReset your password: ${link}\n\n${footer}\n\nProp Firm Club\n`,
    html: layout(
      'Reset your password',
      [greeting(firstName), intro],
      { label: 'Choose a new password', link },
      footer,
    ),
  };
}

export function renderNewDeviceEmail({
  firstName,
  when,
  browser,
  system,
  devicesLink,
  resetLink,
}: {
  firstName: string;
  when: string;
  browser: string;
  system: string;
  devicesLink: string;
  resetLink: string;
}) {
  const subject = 'New sign-in to your Prop Firm Club account';
  const intro = `Your account was signed in to on ${when} from ${browser} on ${system}, a browser you have not used with it before.`;
  const ifYou = 'If this was you, there is nothing to do.';
  const ifNot = `If it wasn't you, sign that device out under Signed-in devices and reset your password: ${resetLink}`;
  const footer = 'We send this email whenever your account is used from a new browser.';
  return {
    subject,
    text: `${greeting(firstName)}\n\n${intro}\n\n${ifYou}\n\n${ifNot}\n\nYour signed-in devices: ${devicesLink}\n\n${footer}\n\nProp Firm Club\n`,
    html: layout(
      'New sign-in to your account',
      [greeting(firstName), intro, ifYou, ifNot],
      { label: 'Review signed-in devices', link: devicesLink },
      footer,
    ),
  };
}

export function renderWrongTwoFactorCodesEmail({
  firstName,
  tries,
  when,
  device,
  devicesLink,
  resetLink,
}: {
  firstName: string;
  tries: number;
  when: string;
  /** The browser and system of the last try, when its request named them. */
  device: { browser: string; system: string } | null;
  devicesLink: string;
  resetLink: string;
}) {
  const subject = 'Someone entered wrong two-factor codes for your Prop Firm Club account';
  const from = device ? ` from ${device.browser} on ${device.system}` : '';
  const intro = `${tries} wrong two-factor codes in a row were entered for your account, the last on ${when}${from}. Codes are asked for only after the right password, and sign-in with a code is paused for a few minutes.`;
  const ifYou = 'If this was you, there is nothing to do.';
  const ifNot = `If it wasn't you, someone knows your password: change it now, and sign out any device you don't recognise under Signed-in devices: ${devicesLink}`;
  const footer = `We send this email when ${tries} two-factor codes in a row are wrong.`;
  return {
    subject,
    text: `${greeting(firstName)}\n\n${intro}\n\n${ifYou}\n\n${ifNot}\n\nChange your password: ${resetLink}\n\n${footer}\n\nProp Firm Club\n`,
    html: layout(
      'Wrong two-factor codes for your account',
      [greeting(firstName), intro, ifYou, ifNot],
      { label: 'Change your password', link: resetLink },
      footer,
    ),
  };
}

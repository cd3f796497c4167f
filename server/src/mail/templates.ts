import type { Language } from '@registry/shared';
import type { Mail } from './mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const TEXTS = {
  es: {
    codeSubject: 'Su código para restablecer la contraseña',
    codeIntro: 'Recibimos un pedido para restablecer la contraseña de su cuenta del Registro de Leucemias.',
    codeLine: 'Su código de verificación es:',
    codeValidity:
      'El código vence en 10 minutos y sirve una sola vez. Si usted no lo pidió, ignore este mensaje.',
    changedSubject: 'Su contraseña fue cambiada',
    changedBody:
      'La contraseña de su cuenta del Registro de Leucemias acaba de cambiar y todas sus sesiones se cerraron. Si no fue usted, avise de inmediato al administrador del registro.',
    signature: 'Registro de Leucemias',
  },
  en: {
    codeSubject: 'Your password reset code',
    codeIntro: 'We received a request to reset the password of your Leukaemia Registry account.',
    codeLine: 'Your verification code is:',
    codeValidity:
      'The code expires in 10 minutes and works once. If you did not ask for it, ignore this message.',
    changedSubject: 'Your password was changed',
    changedBody:
      'The password of your Leukaemia Registry account has just changed and all your sessions were ended. If it was not you, tell the registry administrator at once.',
    signature: 'Leukaemia Registry',
  },
} as const;

function html(paragraphs: string[], highlight?: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`);
  if (highlight) {
    body.splice(
      2,
      0,
      `<p style="margin:0 0 16px;font-size:28px;font-weight:700;letter-spacing:6px;color:#c2410c">${escapeHtml(highlight)}</p>`,
    );
  }
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;max-width:560px">${body.join('')}</body></html>`;
}

/** The mail with a reset code, in the language of the request. */
export function resetCodeMail(language: Language, to: string, code: string): Mail {
  const t = TEXTS[language];
  return {
    to,
    subject: t.codeSubject,
    text: `${t.codeIntro}\n\n${t.codeLine} ${code}\n\n${t.codeValidity}\n\n${t.signature}\n`,
    html: html([t.codeIntro, t.codeLine, t.codeValidity, t.signature], code),
  };
}

/** The notice that a password changed. */
export function passwordChangedMail(language: Language, to: string): Mail {
  const t = TEXTS[language];
  return {
    to,
    subject: t.changedSubject,
    text: `${t.changedBody}\n\n${t.signature}\n`,
    html: html([t.changedBody, t.signature]),
  };
}

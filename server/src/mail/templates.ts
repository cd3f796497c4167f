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
    mfaResetSubject: 'Se quitó su segundo factor',
    mfaResetBody:
      'Un administrador del Registro de Leucemias quitó la verificación en dos pasos de su cuenta y cerró sus sesiones. La próxima vez ingrese solo con su contraseña y vuelva a configurarla en Configuración. Si usted no lo pidió, avise de inmediato al administrador del registro.',
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
    mfaResetSubject: 'Your second factor was removed',
    mfaResetBody:
      'An administrator of the Leukaemia Registry removed two-step verification from your account and ended your sessions. Next time, sign in with your password alone and set it up again in Settings. If you did not ask for this, tell the registry administrator at once.',
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

/** The notice that an admin removed the user's second factor. */
export function mfaResetMail(language: Language, to: string): Mail {
  const t = TEXTS[language];
  return {
    to,
    subject: t.mfaResetSubject,
    text: `${t.mfaResetBody}\n\n${t.signature}\n`,
    html: html([t.mfaResetBody, t.signature]),
  };
}

const QUERY_TEXTS = {
  es: {
    subject: 'Registro de Leucemias: consultas sobre datos',
    open: (n: number) =>
      n === 1
        ? 'Hay 1 consulta sobre datos de sus pacientes que espera su respuesta.'
        : `Hay ${n} consultas sobre datos de sus pacientes que esperan su respuesta.`,
    answered: (n: number) =>
      n === 1
        ? 'Hay 1 consulta respondida que espera ser cerrada.'
        : `Hay ${n} consultas respondidas que esperan ser cerradas.`,
    link: 'Puede verlas aquí (debe iniciar sesión):',
    note: 'Este aviso se envía como máximo una vez por día.',
  },
  en: {
    subject: 'Leukaemia Registry: data queries',
    open: (n: number) =>
      n === 1
        ? '1 data query about your patients is waiting for your answer.'
        : `${n} data queries about your patients are waiting for your answer.`,
    answered: (n: number) =>
      n === 1
        ? '1 answered query is waiting to be closed.'
        : `${n} answered queries are waiting to be closed.`,
    link: 'You can see them here (you will need to sign in):',
    note: 'This notice is sent at most once a day.',
  },
} as const;

/**
 * The notice of queries waiting (CONTRACT §13): how many and a link, in the recipient's language — no
 * query text, no patient, no clinical value.
 */
export function queriesMail(
  language: Language,
  to: string,
  waiting: { count: number; kind: 'open' | 'answered'; link: string },
): Mail {
  const t = QUERY_TEXTS[language];
  const line = t[waiting.kind](waiting.count);
  const signature = TEXTS[language].signature;
  return {
    to,
    subject: t.subject,
    text: `${line}\n\n${t.link} ${waiting.link}\n\n${t.note}\n\n${signature}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;max-width:560px">${[
      line,
    ]
      .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`)
      .join(
        '',
      )}<p style="margin:0 0 16px">${escapeHtml(t.link)} <a href="${escapeHtml(waiting.link)}">${escapeHtml(waiting.link)}</a></p><p style="margin:0 0 16px">${escapeHtml(t.note)}</p><p style="margin:0 0 16px">${escapeHtml(signature)}</p></body></html>`,
  };
}

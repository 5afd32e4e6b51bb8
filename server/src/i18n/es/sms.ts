import type { Catalog } from '../catalog.ts';
import type { sms as en } from '../en/sms.ts';

// Written in the GSM-7 alphabet (é and ñ are in it; á, í, ó and ú are not): one letter outside
// it makes the whole text UCS-2, at 70 characters a segment instead of 160. An alert names the
// document's type in Spanish ("Escritura de concesión", of either gender), so the sentence names
// the document and gives its type after it; alertText takes the type's accents off (inGsm7).
export const sms: Catalog<typeof en> = {
  // The levels' names as the dashboard and the emails give them, less the accent GSM-7 lacks.
  levels: {
    actNow: 'Actue ya',
    check: 'Revise',
  },
  verify:
    'DeedWatch: confirme este teléfono para alertas de fraude (el enlace vence en {{minutes}} min): {{url}}',
  alert:
    'DeedWatch {{level}}: se ha registrado en el condado de {{county}} el documento {{number}}: {{type}}. Detalles: {{url}} Responda STOP para cancelar los textos.',
  // The hours as the Spanish emails write them, short: Pacifico without its accent (í is not in
  // GSM-7), and no longer than one segment where the English one is.
  help: 'DeedWatch, alertas de fraude. Ayuda: {{phone}} (lun-vie, 8 a. m.-5 p. m., hora del Pacifico) o {{email}}. Responda STOP para cancelar; START, reanudar.',
  notTexted: {
    numberLimit:
      'No se envió mensaje de texto: este número ya recibió sus {{limit}} textos de alerta de hoy (UTC); la alerta se envió solo por correo electrónico.',
    dailyLimit:
      'No se envió mensaje de texto: DeedWatch ya envió sus {{limit}} textos de alerta de hoy (UTC); la alerta se envió solo por correo electrónico.',
    optedOut:
      'No se envió mensaje de texto: este número respondió STOP; la alerta se envió solo por correo electrónico.',
  },
};

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
  // No longer than the English (73 characters before the link), whatever the link's length.
  verify:
    'DeedWatch: confirme su celular para alertas de fraude (vence en {{minutes}} min): {{url}}',
  alert:
    'DeedWatch {{level}}: se ha registrado en el condado de {{county}} el documento {{number}}: {{type}}. Detalles: {{url}} Responda STOP para cancelar los textos.',
  // The hours short, on a 24-hour clock, in the time zone the English names: no longer than the
  // English, whatever the phone number and address put in it.
  help: 'DeedWatch, alertas de fraude. Ayuda: {{phone}} (lun-vie 8-17 h PST) o {{email}}. Responda STOP para cancelar; START, reanudar.',
  notTexted: {
    numberLimit:
      'No se envió mensaje de texto: este número ya recibió sus {{limit}} textos de alerta de hoy (UTC); la alerta se envió solo por correo electrónico.',
    dailyLimit:
      'No se envió mensaje de texto: DeedWatch ya envió sus {{limit}} textos de alerta de hoy (UTC); la alerta se envió solo por correo electrónico.',
    optedOut:
      'No se envió mensaje de texto: este número respondió STOP; la alerta se envió solo por correo electrónico.',
  },
};

import type { Catalog } from '../catalog.ts';
import type { mail as en } from '../en/mail.ts';

export const mail: Catalog<typeof en> = {
  layout: {
    buttonFallback: 'Si el botón no funciona, pegue este enlace en su navegador:',
    questions:
      '¿Preguntas? Llame al {{phone}} (de lunes a viernes, de 8 a. m. a 5 p. m., hora del Pacífico) o escriba a {{email}}.',
  },
};

import type { Catalog } from '../catalog.ts';
import type { api as en } from '../en/api.ts';

// Field and parameter names, values a field takes, and URLs stay as the API spells them.
export const api: Catalog<typeof en> = {
  validation: {
    part: {
      body: 'cuerpo',
      querystring: 'parámetro de consulta',
      params: 'parámetro de ruta',
      headers: 'encabezado',
    },
    required: '{{subject}} es obligatorio',
    notAllowed: "{{where}}: el campo '{{path}}' no está permitido",
    issue: '{{subject}}: {{problem}}',
    nul: '{{subject}} contiene un carácter NUL (U+0000), que ningún texto puede contener.',
    problem: {
      typeString: 'debe ser un texto',
      typeNumber: 'debe ser un número',
      typeBoolean: 'debe ser true o false',
      typeObject: 'debe ser un objeto JSON',
      typeArray: 'debe ser una lista',
      empty: 'es obligatorio',
      atMostCharacters: 'debe tener como máximo {{n}} caracteres',
      atLeastCharacters: 'debe tener al menos {{n}} caracteres',
      atMostItems: 'debe tener como máximo {{n}} elementos',
      atLeastItems: 'debe tener al menos {{n}} elementos',
      atMost: 'debe ser como máximo {{n}}',
      atLeast: 'debe ser como mínimo {{n}}',
      wholeNumber: 'debe ser un número entero',
      uuid: 'debe ser un identificador (un UUID)',
      oneOf: 'debe ser uno de estos valores: {{values}}',
      invalid: 'no es válido',
    },
    said: {
      codeCharacters: 'solo puede contener letras A-Z, dígitos y _',
      maskCharacters: 'solo puede contener 0 (un dígito), a (una letra) y -',
      maskNeedsOne: 'necesita al menos un 0 o una a',
      recorderUrl: 'debe ser una URL http(s), como https://recorder.example.gov',
      fraudUrl: 'debe ser una URL http(s), como https://recorder.example.gov/fraud',
      subjectTwice: 'da a un tipo de documento el mismo sujeto dos veces',
      phone:
        'debe ser un número de teléfono: 10 dígitos, o + y el código de país (se admite una extensión después de x)',
      emailOfAtMost: 'debe ser una dirección de correo electrónico de {{n}} caracteres como máximo',
      noLetters: 'no tiene letras una vez quitados los apóstrofos y los espacios',
      atMostUpperCased: 'debe tener como máximo {{n}} caracteres una vez pasado a mayúsculas',
      userSort:
        "debe ser 'email' o 'createdAt', dos puntos y luego 'asc' o 'desc' (createdAt:desc)",
      wholeNumberUpTo: 'debe ser un número entero de 1 a {{n}}',
      invalidEmail: 'Correo electrónico no válido',
      passwordRequired: 'La contraseña es obligatoria',
      countyId: 'debe ser el id de un condado (un número entero)',
      statementRequired: 'es obligatorio: diga con sus propias palabras qué está mal',
      statementTooShort:
        'es obligatorio: diga con sus propias palabras qué está mal (al menos {{n}} caracteres)',
      listedCounty: 'debe nombrar uno de los condados que da GET /api/config',
      noControlLineBreaks: 'no puede contener caracteres de control, como saltos de línea',
      noControl: 'no puede contener caracteres de control',
      oneScope: 'debe nombrar al menos un alcance: read, write o ambos',
      scopesOnce: 'debe nombrar read, write o ambos, cada uno una sola vez',
      scopeOnce: 'debe nombrar cada alcance una sola vez',
      wholeDays: 'debe ser un número entero de días',
      cursor:
        'no es un cursor de esta llamada: pase el nextCursor de la página anterior tal como se le dio, u omítalo para empezar por el evento más reciente',
      since:
        'debe ser una hora ISO 8601 con su zona horaria, como 2026-11-26T08:14:02.118Z (el createdAt de un evento) o 2026-11-26T00:00:00-08:00',
      archived: "debe ser 'false' (no archivados), 'true' (solo archivados) o 'all'",
      possibleMatches:
        "debe ser 'digest' (un correo cada mañana), 'immediately' (una alerta en el momento) o 'hide' (no se muestran)",
      itemsPerRequest: 'como máximo {{n}} elementos por solicitud',
      httpsUrl: 'debe ser una URL https:// sin espacios',
      oneEventType: 'debe nombrar al menos un tipo de evento',
      eventTypeOnce: 'debe nombrar cada tipo de evento una sola vez',
      changeSomething: 'debe cambiar algo: description, eventTypes o enabled',
      unicode: 'debe ser texto Unicode válido',
      singleName: 'debe ser un solo nombre, sin / ni \\',
      notDots: "no puede ser '.' ni '..'",
      atMostBytes: 'debe tener como máximo {{n}} bytes',
      notAName: 'no es un nombre válido',
    },
  },
  request: {
    invalidJson: 'El cuerpo de la solicitud no es JSON válido.',
    tooLarge:
      'El cuerpo de la solicitud es demasiado grande: esta llamada admite como máximo {{size}}.',
    sizeKiB: '{{n}} KiB',
    sizeBytes: '{{n}} bytes',
    mediaType: 'Envíe el cuerpo de la solicitud como application/json.',
    notAllowedBody: 'El cuerpo de la solicitud no está permitido.',
    useMethod: 'Use {{methods}} para {{path}}.',
    methodsOr: '{{first}} o {{last}}',
    nothingAt: 'No hay nada en {{method}} {{path}}.',
    signInRequested:
      'Si existe una cuenta con ese correo electrónico, le enviamos un enlace para iniciar sesión. Revise su bandeja de entrada.',
  },
};

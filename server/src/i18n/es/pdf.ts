import type { Catalog } from '../catalog.ts';
import type { pdf as en } from '../en/pdf.ts';

export const pdf: Catalog<typeof en> = {
  excerpt: {
    title_one: 'Documento {{number}}: la primera página, tal como se registró en el {{county}}',
    title_other:
      'Documento {{number}}: las primeras {{count}} páginas, tal como se registró en el {{county}}',
  },
  casePacket: {
    title: 'Caso de DeedWatch {{caseNumber}}: documento {{documentNumber}}',
    heading: 'Expediente del caso de DeedWatch',
    reported: 'Caso {{caseNumber}}, denunciado el {{date}}',
    intro:
      'Un suscriptor de DeedWatch, un servicio gratuito de alertas de fraude inmobiliario, declara que este documento registrado no es suyo: no lo firmó ni lo autorizó. {{level}}: {{what}}',
    theDocument: 'El documento registrado',
    documentNumber: 'Número de documento',
    documentType: 'Tipo de documento',
    recordingDate: 'Fecha de registro',
    county: 'Condado',
    countyRecorder: 'Registrador del condado',
    whyMatched: 'Por qué DeedWatch lo detectó',
    guarded: 'Protegido por el suscriptor',
    shows: 'El documento muestra',
    match: 'Coincidencia',
    matchValue: '{{kind}}, {{tier}}',
    statement: 'Declaración del suscriptor',
    reach: 'Cómo comunicarse con el suscriptor',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    prefers: 'Prefiere',
    preferPhone: 'una llamada telefónica',
    preferEmail: 'correo electrónico',
    fraudContact: 'Contacto de fraude del condado',
    recorder: 'Registrador del {{county}}: {{url}}',
    nextSteps: 'Próximos pasos',
    stepFraudContact:
      'Comuníquese con el contacto de fraude del condado que figura arriba, con este expediente y el número de documento {{number}}.',
    stepRecorder:
      'Comuníquese con el Registrador del {{county}} ({{url}}) con este expediente y el número de documento {{number}}.',
    stepPolice:
      'Presente una denuncia ante la policía o la oficina del alguacil de su localidad, o ante la unidad de fraude inmobiliario de la Fiscalía del Distrito, y guarde el número de la denuncia.',
    stepTitle:
      'Llame a su compañía de seguros de títulos: su póliza de propietario podría cubrir un documento falsificado o fraudulento. Entrégueles este expediente.',
    stepCredit:
      'Congele su crédito con Equifax, Experian y TransUnion, para que no se pueda abrir ningún préstamo nuevo a su nombre.',
    stepKeep:
      'Guarde este expediente y su número de caso, {{caseNumber}}. Soporte de DeedWatch: {{phone}}, {{email}}.',
    firstPages: 'Las primeras páginas del documento',
    follow_one: 'A continuación, la primera página del documento {{number}}.',
    follow_other: 'A continuación, las primeras {{count}} páginas del documento {{number}}.',
    noCopy:
      'No se pudo incluir una copia del documento. Solicítela al Registrador del {{county}} por su número, {{number}}.',
    kinds: { apn: 'por APN', address: 'por dirección', name: 'por nombre' },
    tiers: {
      exact: 'coincidencia exacta',
      strong: 'coincidencia fuerte',
      possible: 'posible coincidencia',
    },
    problems: {
      did_not_sign: 'Yo no firmé este documento',
      not_authorised: 'No autoricé a nadie a firmarlo en mi nombre',
      unknown_parties: 'No conozco a las personas ni a las empresas que figuran en él',
      other: 'Hay otro problema',
    },
  },
};

import type { Catalog } from '../catalog.ts';
import type { reasons as en } from '../en/reasons.ts';

// {{county}} is "condado de Sacramento": the sentences say "en el {{county}}".
export const reasons: Catalog<typeof en> = {
  levels: {
    actNow: 'Actúe ya',
    check: 'Revise',
    records: 'Para sus archivos',
  },
  headline: {
    line: '{{level}}: {{what}}',
    possible: '{{level}}, posible coincidencia',
  },
  match: {
    apn: 'El documento menciona el APN {{apn}}.',
    address: 'El documento menciona la dirección {{address}}.',
    similarAddress:
      'El documento menciona {{matched}}: el mismo número de casa y código postal que {{address}}, y una calle parecida.',
  },
  name: {
    same: 'Mismo nombre: {{name}}',
    sameSuffixOneSide: 'Mismo nombre: {{name}}; el sufijo {{suffix}} figura solo en uno de los dos',
    sameOrganisation: 'Mismo nombre de entidad: {{name}}',
    sameFirst: 'Mismo apellido y nombre: {{name}}',
    middleOneSide:
      'Mismo apellido y nombre: {{name}}; el segundo nombre {{middle}} figura solo en uno de los dos',
    sameMiddle: 'Mismo apellido, nombre y segundo nombre: {{name}} {{middle}}',
    middleInitial:
      'Mismo apellido y nombre; la inicial del segundo nombre, {{initial}}, coincide con {{full}}',
    nickname:
      'Mismo apellido, {{surname}}; {{first}} y {{other}} son formas de un mismo nombre de pila',
    initial: 'Mismo apellido, {{surname}}; la inicial {{initial}} puede corresponder a {{full}}',
    part: '{{part}} es una parte del apellido compuesto {{whole}}, con el mismo nombre, {{first}}',
    typo: 'El apellido {{surname}} difiere en una letra de {{other}}, con el mismo nombre, {{first}}',
    typoNoFirst: 'El apellido {{surname}} difiere en una letra de {{other}}, sin nombre de pila',
  },
  possible: {
    part: 'solo coincide una parte de un apellido compuesto',
    initial: 'solo coincide la inicial del nombre',
    common: 'es un nombre común',
  },
  what: {
    aProperty: 'una propiedad',
    yourProperty: 'su propiedad',
    conveyanceFrom:
      'Una escritura que transfiere {{property}} de usted a otra persona se registró en el {{county}} el {{date}}.',
    conveyanceTo:
      'Una escritura que le transfiere {{property}} a usted se registró en el {{county}} el {{date}}.',
    conveyance:
      'Una escritura que transfiere {{property}} se registró en el {{county}} el {{date}}.',
    loanBorrower:
      'Un préstamo garantizado con {{property}}, en el que usted figura como prestatario, se registró en el {{county}} el {{date}}.',
    loanLender:
      'Un préstamo en el que usted figura como prestamista se registró en el {{county}} el {{date}}.',
    loan: 'Un préstamo garantizado con {{property}} se registró en el {{county}} el {{date}}.',
    defaultName:
      'Un aviso de incumplimiento en el que usted figura se registró en el {{county}} el {{date}}: un prestamista indica que un préstamo está atrasado y podría ejecutar la hipoteca.',
    defaultProperty:
      'Un aviso de incumplimiento que afecta a {{property}} se registró en el {{county}} el {{date}}: un prestamista indica que un préstamo está atrasado y podría ejecutar la hipoteca.',
    saleName:
      'Un aviso de venta por el fiduciario en el que usted figura se registró en el {{county}} el {{date}}: se ha fijado una venta por ejecución hipotecaria.',
    saleProperty:
      'Un aviso de venta por el fiduciario que afecta a {{property}} se registró en el {{county}} el {{date}}: se ha fijado una venta por ejecución hipotecaria.',
    lawsuitName:
      'Un aviso de demanda (lis pendens) en el que usted figura se registró en el {{county}} el {{date}}.',
    lawsuitProperty:
      'Un aviso de demanda (lis pendens) que afecta a {{property}} se registró en el {{county}} el {{date}}.',
    lienName: 'Un gravamen en el que usted figura se registró en el {{county}} el {{date}}.',
    lienProperty: 'Un gravamen sobre {{property}} se registró en el {{county}} el {{date}}.',
    judgmentName: 'Una sentencia en la que usted figura se registró en el {{county}} el {{date}}.',
    judgmentProperty:
      'Una sentencia que afecta a {{property}} se registró en el {{county}} el {{date}}.',
    deathName:
      'Una declaración jurada de fallecimiento en la que usted figura se registró en el {{county}} el {{date}}: puede transferir una propiedad en copropiedad con derecho de supervivencia.',
    deathProperty:
      'Una declaración jurada de fallecimiento que afecta a {{property}} se registró en el {{county}} el {{date}}: puede transferir una propiedad en copropiedad con derecho de supervivencia.',
    reconveyanceName:
      'Una liberación de escritura de fideicomiso (reconveyance) en la que usted figura se registró en el {{county}} el {{date}}: un préstamo se ha pagado y liberado.',
    reconveyanceProperty:
      'Una liberación de escritura de fideicomiso (reconveyance) que afecta a {{property}} se registró en el {{county}} el {{date}}: un préstamo se ha pagado y liberado.',
    releaseName:
      'Una liberación en la que usted figura se registró en el {{county}} el {{date}}: un gravamen, préstamo o sentencia se ha pagado o liberado.',
    releaseProperty:
      'Una liberación que afecta a {{property}} se registró en el {{county}} el {{date}}: un gravamen, préstamo o sentencia se ha pagado o liberado.',
    assignmentName:
      'Una cesión de un préstamo en la que usted figura se registró en el {{county}} el {{date}}: el préstamo tiene un nuevo titular.',
    assignmentProperty:
      'Una cesión de un préstamo que afecta a {{property}} se registró en el {{county}} el {{date}}: el préstamo tiene un nuevo titular.',
    substitutionName:
      'Una sustitución de fiduciario en un préstamo en la que usted figura se registró en el {{county}} el {{date}}.',
    substitutionProperty:
      'Una sustitución de fiduciario en un préstamo que afecta a {{property}} se registró en el {{county}} el {{date}}.',
    easementName:
      'Una servidumbre en la que usted figura se registró en el {{county}} el {{date}}.',
    easementProperty:
      'Una servidumbre que afecta a {{property}} se registró en el {{county}} el {{date}}.',
    otherGrantor:
      'Un documento de tipo «{{type}}» en el que usted figura como otorgante se registró en el {{county}} el {{date}}.',
    otherGrantee:
      'Un documento de tipo «{{type}}» en el que usted figura como adquirente se registró en el {{county}} el {{date}}.',
    otherProperty:
      'Un documento de tipo «{{type}}» que afecta a {{property}} se registró en el {{county}} el {{date}}.',
    copyGrantor:
      'Un documento de tipo «{{type}}» en el que {{name}} figura como otorgante se registró en el {{county}} el {{date}}.',
    copyGrantee:
      'Un documento de tipo «{{type}}» en el que {{name}} figura como adquirente se registró en el {{county}} el {{date}}.',
    document: 'documento',
    articleA: 'Un',
    articleAn: 'Un',
  },
};
